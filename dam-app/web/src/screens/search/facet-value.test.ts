import { describe, expect, it } from 'vitest';
import { translator } from '../../i18n/translate.ts';
import { facetValueLabel } from './facet-value.ts';

describe('facetValueLabel', () => {
  it('names every kind in each language', () => {
    const fr = translator('fr');
    const en = translator('en');
    expect(facetValueLabel('kind', 'video', fr)).toBe('Vidéo');
    expect(facetValueLabel('kind', 'other', fr)).toBe('Autre');
    expect(facetValueLabel('kind', 'image', en)).toBe('Image');
    for (const kind of ['image', 'video', 'audio', 'pdf', 'document', 'other'])
      expect(facetValueLabel('kind', kind, fr)).not.toBe(kind);
  });

  it('keeps file types, ratios, profiles, keywords and years as written', () => {
    const fr = translator('fr');
    expect(facetValueLabel('fileType', 'JPEG', fr)).toBe('JPEG');
    expect(facetValueLabel('aspectRatio', '16:9', fr)).toBe('16:9');
    expect(facetValueLabel('keyword', 'other', fr)).toBe('other');
    expect(facetValueLabel('year', 2024, fr)).toBe('2024');
  });
});
