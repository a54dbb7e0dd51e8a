import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../api/messages.ts';
import { en } from './messages-en.ts';
import { serverMessagesFr } from './server-messages-fr.ts';
import { CATALOGUES, localizeMessage, pickLanguage, specText, translator } from './translate.ts';

describe('catalogues', () => {
  it.each(Object.keys(CATALOGUES))('%s has every key, with the same placeholders', (language) => {
    const catalogue = CATALOGUES[language as keyof typeof CATALOGUES] as Record<string, string>;
    expect(Object.keys(catalogue).sort()).toEqual(Object.keys(en).sort());
    for (const [key, text] of Object.entries(en)) {
      expect(catalogue[key]?.trim(), `${language} ${key}`).not.toBe('');
      expect(catalogue[key]?.match(/\{\w+\}/g)?.sort() ?? []).toEqual(text.match(/\{\w+\}/g)?.sort() ?? []);
    }
  });

  it('French translates every text of the shared MESSAGES, and none is left in English', () => {
    expect(Object.keys(serverMessagesFr).sort()).toEqual(Object.keys(MESSAGES).sort());
    for (const [key, text] of Object.entries(serverMessagesFr)) {
      expect(text.trim(), key).not.toBe('');
      expect(text, key).not.toBe(MESSAGES[key as keyof typeof MESSAGES]);
    }
  });
});

describe('pickLanguage', () => {
  it('follows the first supported language, else English', () => {
    expect(pickLanguage(['fr-CA', 'en'])).toBe('fr');
    expect(pickLanguage(['de', 'en-GB'])).toBe('en');
    expect(pickLanguage([])).toBe('en');
  });
});

describe('translator and server texts', () => {
  it('fills placeholders', () => {
    expect(translator('en')('admin.deleted', { count: 3 })).toBe('Deleted 3 users.');
    expect(translator('fr')('admin.deleted', { count: 3 })).toBe('3 utilisateurs supprimés.');
  });

  it('translates a server user_message it knows, and keeps any other text', () => {
    expect(localizeMessage(MESSAGES.loginFailed, 'en')).toBe(MESSAGES.loginFailed);
    expect(localizeMessage(MESSAGES.loginFailed, 'fr')).toBe(serverMessagesFr.loginFailed);
    expect(localizeMessage('Passwords must contain at least 2 numbers.', 'fr')).toBe(
      'Passwords must contain at least 2 numbers.',
    );
    expect(specText('noAcl', 'en')).toBe(MESSAGES.noAcl);
  });
});
