import { describe, expect, it } from 'vitest';
import { formatTimecode, snapToFrame } from './timecode.ts';

describe('timecodes', () => {
  it('counts frames from the start at the file’s rate, without drifting on rates like 29.97', () => {
    expect(formatTimecode(0.3, 10)).toBe('00:00:00:03');
    expect(formatTimecode(3725.5, 25)).toBe('01:02:05:12');
    expect(formatTimecode(1001 / 30000, 30000 / 1001)).toBe('00:00:00:01');
    expect(snapToFrame(0.349, 10)).toBeCloseTo(0.3, 6);
  });
  it('shows milliseconds when the rate is not known', () => {
    expect(formatTimecode(61.2345, null)).toBe('00:01:01.235');
    expect(formatTimecode(-1, null)).toBe('00:00:00.000');
  });
});
