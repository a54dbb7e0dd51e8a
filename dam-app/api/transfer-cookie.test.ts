import { describe, expect, it } from 'vitest';
import { formatTransferCookie, parseTransferCookie } from './transfer-cookie.ts';

describe('the R-TRANSFER-COOKIE transfer cookie', () => {
  it('lists the fields in the spec order', () => {
    expect(
      formatTransferCookie({
        userName: 'carlos',
        uploadTime: '1764000000000',
        fileCount: 3,
        uploadDirectory: 'Library/Marketing',
        finalDirectory: 'Library/Marketing/Launch',
        completedPaths: [],
      }),
    ).toBe('carlos,1764000000000,3,Library/Marketing,Library/Marketing/Launch');
  });

  it('leaves the directories empty for a download', () => {
    const text = formatTransferCookie({
      userName: 'ellen',
      uploadTime: '1764000000000',
      fileCount: 2,
      uploadDirectory: '',
      finalDirectory: '',
      completedPaths: [],
    });
    expect(text).toBe('ellen,1764000000000,2,,');
    expect(parseTransferCookie(text)).toMatchObject({
      userName: 'ellen',
      uploadDirectory: '',
      finalDirectory: '',
    });
  });

  it('round-trips completed paths and values with commas and percent signs', () => {
    const cookie = {
      userName: 'carlos',
      uploadTime: '1',
      fileCount: 2,
      uploadDirectory: 'Library/Q1, Q2',
      finalDirectory: 'Library/100% done',
      completedPaths: ['Library/Q1, Q2/a,b.jpg', 'Library/Q1, Q2/c%2C.jpg'],
    };
    const text = formatTransferCookie(cookie);
    expect(text.split(',')).toHaveLength(7);
    expect(parseTransferCookie(text)).toEqual(cookie);
  });

  it('refuses what is not a transfer cookie', () => {
    expect(parseTransferCookie('')).toBeUndefined();
    expect(parseTransferCookie('a,b,c')).toBeUndefined();
    expect(parseTransferCookie('carlos,1,three,,')).toBeUndefined();
    expect(parseTransferCookie(',1,3,,')).toBeUndefined();
  });
});
