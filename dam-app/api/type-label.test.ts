import { describe, expect, it } from 'vitest';
import { shownFileType, TYPE_LABEL_MAX, typeLabel } from './type-label.ts';

describe('typeLabel', () => {
  it.each([
    ['h5-master-150.bin', 'UNKNOWN', 'BIN'],
    ['brochure.pdf', 'PDF', 'PDF'],
    ['notes.markdown', 'UNKNOWN', 'FILE'],
    ['README', 'UNKNOWN', 'FILE'],
    ['README', 'TXT', 'TXT'],
    ['.profile', 'UNKNOWN', 'FILE'],
    ['photo.JPEG', 'JPEG', 'JPEG'],
  ])('%s (%s) → %s', (fileName, fileType, label) => {
    expect(typeLabel(fileName, fileType)).toBe(label);
    expect(typeLabel(fileName, fileType).length).toBeLessThanOrEqual(TYPE_LABEL_MAX);
  });
});

describe('shownFileType', () => {
  it.each([
    ['h5-master-150.bin', 'unknown', 'BIN'],
    ['notes.markdown', 'unknown', 'FILE'],
    ['README', '', 'FILE'],
    ['photo.jpg', 'JPEG', 'JPEG'],
    ['brochure.pdf', 'PDF', 'PDF'],
  ])('%s (%s) → %s', (fileName, fileType, shown) => {
    expect(shownFileType(fileName, fileType)).toBe(shown);
  });
});
