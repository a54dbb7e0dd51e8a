import { describe, expect, it } from 'vitest';
import { metadataText, sortedEntries } from './metadata-value.ts';

describe('metadataText', () => {
  it('writes scalars, lists and objects on one line, and a dash for nothing', () => {
    expect(metadataText('Dawn')).toBe('Dawn');
    expect(metadataText(72)).toBe('72');
    expect(metadataText(['landscape', 'morning'])).toBe('landscape, morning');
    expect(metadataText({ a: 1 })).toBe('{"a":1}');
    expect(metadataText(null)).toBe('—');
    expect(metadataText('')).toBe('—');
  });
});

describe('sortedEntries', () => {
  it('orders by name ignoring case', () => {
    expect(sortedEntries({ 'XMP:Title': 1, 'EXIF:Make': 2, 'exif:Artist': 3 }).map(([key]) => key)).toEqual([
      'exif:Artist',
      'EXIF:Make',
      'XMP:Title',
    ]);
  });
});
