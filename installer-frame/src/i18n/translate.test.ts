import { describe, expect, it } from 'vitest';
import { en } from './messages-en.ts';
import { CATALOGUES, pickLanguage, translator } from './translate.ts';

describe('pickLanguage', () => {
  it('follows the browser’s first supported language by primary subtag', () => {
    expect(pickLanguage(['fr-CA', 'en-US'])).toBe('fr');
    expect(pickLanguage(['nl-NL', 'de-DE'])).toBe('de');
    expect(pickLanguage(['JA'])).toBe('ja');
    expect(pickLanguage(['es-419'])).toBe('es');
  });

  it('falls back to English', () => {
    expect(pickLanguage(['nl', 'ko'])).toBe('en');
    expect(pickLanguage([])).toBe('en');
  });
});

describe('catalogues', () => {
  it.each(Object.keys(CATALOGUES))('%s translates every key, with the same placeholders', (language) => {
    const catalogue = CATALOGUES[language as keyof typeof CATALOGUES] as Record<string, string>;
    expect(Object.keys(catalogue).sort()).toEqual(Object.keys(en).sort());
    for (const [key, text] of Object.entries(en)) {
      expect(catalogue[key]?.trim(), `${language} ${key}`).not.toBe('');
      expect(catalogue[key]?.match(/\{\w+\}/g) ?? []).toEqual(text.match(/\{\w+\}/g) ?? []);
      if (language !== 'en' && key !== 'region' && !/Rapid/.test(text)) expect(catalogue[key]).not.toBe(text);
    }
  });
});

describe('translator', () => {
  it('fills placeholders and tidies an empty one away', () => {
    expect(translator('en')('download.action', { version: '4.2' })).toBe('Download Rapid 4.2');
    expect(translator('en')('download.action')).toBe('Download Rapid');
    expect(translator('ja')('download.action')).toBe('Rapid をダウンロード');
  });
});
