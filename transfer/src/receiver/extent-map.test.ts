import { describe, expect, it } from 'vitest';
import { ExtentMap } from './extent-map.ts';

describe('ExtentMap', () => {
  it('merges out-of-order, overlapping and adjacent blocks', () => {
    const map = new ExtentMap(100);
    map.add(50, 60);
    map.add(10, 20);
    map.add(20, 30);
    map.add(55, 70);
    expect(map.toJSON().extents).toEqual([
      { start: 10, end: 30 },
      { start: 50, end: 70 },
    ]);
    expect(map.receivedBytes).toBe(40);
    expect(map.missing()).toEqual([
      { start: 0, end: 10 },
      { start: 30, end: 50 },
      { start: 70, end: 100 },
    ]);
  });

  it('is complete once every byte arrived, in any order', () => {
    const map = new ExtentMap(1000);
    const blocks = Array.from({ length: 10 }, (_, i) => i * 100).reverse();
    for (const start of blocks) map.add(start, start + 100);
    expect(map.isComplete).toBe(true);
    expect(map.missing()).toEqual([]);
  });

  it('round-trips through JSON so a restart resumes where it stopped', () => {
    const map = new ExtentMap(1 << 30);
    map.add(0, 4096);
    map.add(1 << 20, (1 << 20) + 4096);
    const restored = ExtentMap.fromJSON(JSON.parse(JSON.stringify(map)));
    expect(restored.missing()).toEqual(map.missing());
  });

  it('refuses ranges outside the file, including from a damaged saved map', () => {
    const map = new ExtentMap(10);
    expect(() => map.add(5, 11)).toThrow(RangeError);
    expect(() => map.add(-1, 2)).toThrow(RangeError);
    expect(() => ExtentMap.fromJSON({ size: 10, extents: [{ start: 0, end: 20 }] })).toThrow(RangeError);
  });

  it('treats an empty file as complete', () => {
    expect(new ExtentMap(0).isComplete).toBe(true);
  });
});

describe('ExtentMap.remove', () => {
  it('cuts holes and clamps to the file', () => {
    const map = new ExtentMap(100);
    map.add(0, 100);
    map.remove(10, 20);
    map.remove(90, 200);
    expect(map.missing()).toEqual([
      { start: 10, end: 20 },
      { start: 90, end: 100 },
    ]);
    expect(map.receivedBytes).toBe(80);
  });
});
