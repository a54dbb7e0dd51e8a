import { describe, expect, it } from 'vitest';
import { formatRate, formatTimeLeft, percentOf, shownTitleOf, titleOf } from './format-transfer.ts';

describe('transfer panel figures', () => {
  it('formats rates and times left', () => {
    expect(formatRate(undefined)).toBe('—');
    expect(formatRate(640)).toBe('640 kb/s');
    expect(formatRate(95_400)).toBe('95.4 Mb/s');
    expect(formatRate(2_500_000)).toBe('2.5 Gb/s');
    expect(formatTimeLeft(undefined)).toBeUndefined();
    expect(formatTimeLeft(12_000_000)).toBe('12 s');
    expect(formatTimeLeft(185_000_000)).toBe('3 min 05 s');
    expect(formatTimeLeft(3_720_000_000)).toBe('1 h 02 min');
  });

  it('reads progress from the fraction or the bytes, and names the transfer', () => {
    expect(percentOf({ uuid: 'a', status: 'running', percentage: 0.25 })).toBe(25);
    expect(percentOf({ uuid: 'a', status: 'running', bytes_expected: 200, bytes_written: 50 })).toBe(25);
    expect(percentOf({ uuid: 'a', status: 'running' })).toBeUndefined();
    expect(percentOf({ uuid: 'a', status: 'completed' })).toBe(100);
    const spec = { paths: [{ source: '/home/ada/big.mov' }], remote_host: 'h', direction: 'send' as const };
    expect(titleOf({ uuid: 'a', status: 'running', transfer_spec: spec })).toBe('big.mov');
    expect(titleOf({ uuid: 'a', status: 'running', title: 'Cart' })).toBe('Cart');
  });

  it('names a transfer of several files in the person’s words, not the client’s English title', () => {
    const more = (name: string, count: number) => `${name} et ${count} autre(s)`;
    const spec = {
      paths: [{ source: 'Library/a.png', destination: 'a.png' }, { source: 'Library/b.png' }],
      remote_host: 'h',
      direction: 'receive' as const,
    };
    const transfer = { uuid: 'a', status: 'running', title: 'a.png and 1 more', transfer_spec: spec };
    expect(shownTitleOf(transfer, more)).toBe('a.png et 1 autre(s)');
    expect(shownTitleOf({ uuid: 'b', status: 'running', title: 'Cart' }, more)).toBe('Cart');
  });
});
