import { describe, expect, it } from 'vitest';
import { parseRange } from './content.ts';

describe('parseRange', () => {
  it.each([
    [undefined, undefined],
    ['bytes=0-9', { start: 0, end: 9 }],
    ['bytes=90-', { start: 90, end: 99 }],
    ['bytes=-10', { start: 90, end: 99 }],
    ['bytes=50-500', { start: 50, end: 99 }],
    ['bytes=100-', null],
    ['bytes=9-3', null],
    ['bytes=0-1,5-6', null],
    ['items=0-1', null],
  ])('%s', (header, expected) => {
    expect(parseRange(header, 100)).toEqual(expected);
  });
});
