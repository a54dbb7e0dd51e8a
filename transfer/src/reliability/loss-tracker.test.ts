import { describe, expect, it } from 'vitest';
import { LossTracker } from './loss-tracker.ts';

describe('LossTracker', () => {
  it('acknowledges an in-order stream cumulatively with nothing to NACK', () => {
    const t = new LossTracker();
    for (let s = 1; s <= 100; s++) t.onPacket(s);
    expect(t.cumulativeAck).toBe(101);
    expect(t.takeNacks(0, 100)).toEqual([]);
    expect(t.takeLoss()).toBe(0);
  });

  it('turns gaps into NACK ranges and closes them as retransmissions arrive', () => {
    const t = new LossTracker();
    for (const s of [1, 2, 5, 6, 9, 10]) t.onPacket(s);
    expect(t.takeNacks(0, 100)).toEqual([
      [3, 4],
      [7, 8],
    ]);
    expect(t.cumulativeAck).toBe(3);
    expect(t.takeLoss(1)).toBeCloseTo(4 / 10);
    t.onPacket(3);
    t.onPacket(8);
    expect(t.cumulativeAck).toBe(4);
    expect(t.missingCount).toBe(2);
    t.onPacket(4);
    t.onPacket(7);
    expect(t.cumulativeAck).toBe(11);
  });

  it('does not repeat a NACK before the repeat interval, then does', () => {
    const t = new LossTracker();
    t.onPacket(1);
    t.onPacket(3);
    expect(t.takeNacks(0, 100)).toEqual([[2, 2]]);
    expect(t.takeNacks(50, 100)).toEqual([]);
    expect(t.takeNacks(150, 100)).toEqual([[2, 2]]);
  });

  it('counts a gap that fills within the reorder window neither as lost nor NACKs it', () => {
    const t = new LossTracker();
    t.onPacket(1, 0);
    t.onPacket(3, 0);
    expect(t.takeNacks(2, 100, 512, 5)).toEqual([]);
    t.onPacket(2, 3);
    for (let s = 4; s <= 20; s++) t.onPacket(s, 4);
    expect(t.takeNacks(10, 100, 512, 5)).toEqual([]);
    expect(t.takeLoss()).toBe(0);
    t.onPacket(22, 10);
    expect(t.takeNacks(20, 100, 512, 5)).toEqual([[21, 21]]);
  });

  it('detects tail loss from the sender status once the packets had time to arrive', () => {
    const t = new LossTracker();
    t.onPacket(1);
    t.onSenderStatus(5, 0);
    t.expireTails(50, 100);
    expect(t.takeNacks(50, 100)).toEqual([]);
    t.expireTails(100, 100);
    expect(t.takeNacks(100, 100)).toEqual([[2, 4]]);
  });

  it('does not count a tail still queued on the path as lost when it arrives within the grace', () => {
    const t = new LossTracker();
    t.onPacket(1);
    t.onSenderStatus(5, 0);
    for (let s = 2; s <= 4; s++) t.onPacket(s);
    t.expireTails(200, 100);
    expect(t.takeNacks(200, 100)).toEqual([]);
    for (let s = 5; s <= 20; s++) t.onPacket(s);
    expect(t.takeLoss()).toBe(0);
  });

  it('waits for a meaningful sample before reporting a loss fraction', () => {
    const t = new LossTracker();
    t.onPacket(1);
    t.onPacket(3);
    t.takeNacks(0, 100);
    expect(t.takeLoss()).toBe(0);
    for (let s = 4; s <= 20; s++) t.onPacket(s);
    expect(t.takeLoss()).toBeCloseTo(1 / 20);
  });

  it('reports duplicates', () => {
    const t = new LossTracker();
    expect(t.onPacket(1)).toBe(true);
    expect(t.onPacket(1)).toBe(false);
  });

  it('repeats NACKs after four times the measured repair time, within the floor and the ceiling', () => {
    const t = new LossTracker();
    expect(t.repeatAfterMs(100, 300)).toBe(300);
    t.onPacket(1, 0);
    t.onPacket(5, 0);
    expect(t.takeNacks(1000, 300)).toEqual([[2, 4]]);
    t.onPacket(2, 1010);
    expect(t.repeatAfterMs(20, 300)).toBe(40);
    expect(t.repeatAfterMs(100, 300)).toBe(100);
    // A retransmission that was never NACKed (sent on the sender's own account) is no repair sample.
    t.onPacket(9, 1020);
    t.onPacket(7, 1030);
    expect(t.repeatAfterMs(20, 300)).toBe(40);
    // Smoothed: 7/8 of 10 ms plus 1/8 of 410 ms is 60 ms; then a slow repair (a long path: 302.5 ms smoothed) moves
    // the ceiling to twice the repair time, so a NACK is not repeated before its answer can arrive.
    t.onPacket(3, 1410);
    expect(t.repeatAfterMs(20, 300)).toBe(240);
    t.onPacket(4, 3000);
    expect(t.repeatAfterMs(20, 300)).toBe(605);
  });

  it('tells a duplicate from a new or missing sequence number without recording it', () => {
    const t = new LossTracker();
    t.onPacket(1);
    t.onPacket(4);
    expect([1, 2, 3, 4, 5].map((seq) => t.has(seq))).toEqual([true, false, false, true, false]);
    expect(t.missingCount).toBe(2);
    expect(t.cumulativeAck).toBe(2);
    t.onPacket(3);
    expect(t.has(3)).toBe(true);
    expect(t.has(2)).toBe(false);
  });
});
