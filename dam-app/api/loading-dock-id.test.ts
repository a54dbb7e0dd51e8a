import { describe, expect, it } from 'vitest';
import { isBulkDownload, loadingDockIdOf } from './loading-dock-id.ts';

describe('R-BULK-DOWNLOAD-ID: a missing, non-numeric or negative loading dock id means a bulk (cart) download', () => {
  it.each([
    [undefined, true, 'missing'],
    [null, true, 'missing'],
    ['', true, 'empty'],
    ['   ', true, 'blank'],
    ['abc', true, 'non-numeric'],
    ['12x', true, 'non-numeric tail'],
    ['0x10', true, 'hexadecimal is not a number here'],
    [-1, true, 'negative'],
    ['-5', true, 'negative text'],
    [-0.5, true, 'negative fraction'],
    [Number.NaN, true, 'not a number'],
    [Number.POSITIVE_INFINITY, true, 'not finite'],
    [0, false, 'zero is an id'],
    ['0', false, 'zero as text'],
    [17, false, 'an id'],
    ['17', false, 'an id as text'],
    [' 17 ', false, 'spaces around an id'],
  ] as [string | number | null | undefined, boolean, string][])('%j → bulk %s (%s)', (id, bulk) => {
    expect(isBulkDownload(id)).toBe(bulk);
  });

  it('names the dock only when it is not bulk', () => {
    expect(loadingDockIdOf('42')).toBe(42);
    expect(loadingDockIdOf('-1')).toBeUndefined();
    expect(loadingDockIdOf(undefined)).toBeUndefined();
  });
});
