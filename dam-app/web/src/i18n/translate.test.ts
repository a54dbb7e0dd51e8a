import { describe, expect, it } from 'vitest';
import { ASSET_MESSAGES } from '../../../api/asset-messages.ts';
import { MESSAGES, WORKFLOW_MESSAGES } from '../../../api/messages.ts';
import { TIMELINE_TEXTS } from '../../../api/video-timeline.ts';
import { CART_FULL_NOTICE } from '../../../api/working-sets.ts';
import { assetMessagesFr, WORKING_SET_NOTICES, workingSetNoticesFr } from './asset-messages-fr.ts';
import { en } from './messages-en.ts';
import { serverMessagesFr } from './server-messages-fr.ts';
import {
  ASSET_PLACEHOLDERS,
  CATALOGUES,
  localizeMessage,
  pickLanguage,
  SPEC_TEXTS,
  specText,
  translator,
} from './translate.ts';

const placeholders = (text: string) => text.match(/\{\w+\}/g)?.sort() ?? [];

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

  it('French translates every text of ASSET_MESSAGES and the working-set notices, with the same placeholders', () => {
    expect(Object.keys(assetMessagesFr).sort()).toEqual(Object.keys(ASSET_MESSAGES).sort());
    expect(Object.keys(workingSetNoticesFr).sort()).toEqual(Object.keys(WORKING_SET_NOTICES).sort());
    for (const key of [...Object.keys(ASSET_MESSAGES), ...Object.keys(WORKING_SET_NOTICES)]) {
      const english = SPEC_TEXTS.en[key as keyof typeof SPEC_TEXTS.en];
      const french = SPEC_TEXTS.fr[key as keyof typeof SPEC_TEXTS.fr];
      expect(french.trim(), key).not.toBe('');
      expect(french, key).not.toBe(english);
      expect(placeholders(french), key).toEqual(placeholders(english));
    }
    expect(placeholders(SPEC_TEXTS.en.loadingDockNoSpace)).toEqual(['{free}', '{requested}']);
  });

  it('gives one French text to one English text, so a server text maps back without doubt', () => {
    const frenchOf = new Map<string, string>();
    for (const [key, english] of Object.entries(SPEC_TEXTS.en)) {
      const french = SPEC_TEXTS.fr[key as keyof typeof SPEC_TEXTS.fr];
      expect(frenchOf.get(english) ?? french, key).toBe(french);
      frenchOf.set(english, french);
    }
    expect(assetMessagesFr.nameRequired).toBe(serverMessagesFr.requiredEmpty);
    expect(assetMessagesFr.maxChars32).toBe(serverMessagesFr.maxChars32);
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

  it("takes the word for a count from the language's plural rules", () => {
    const en = translator('en');
    expect(en('browse.count', { count: 1 })).toBe('1 asset');
    expect(en('browse.count', { count: 0 })).toBe('0 assets');
    expect(en('browse.count', { count: 3 })).toBe('3 assets');
    expect(en('browse.bulkSelected', { count: 1 })).toBe('1 asset selected from the file.');
    const fr = translator('fr');
    expect(fr('browse.count', { count: 0 })).toBe('0 ressource');
    expect(fr('browse.count', { count: 1 })).toBe('1 ressource');
    expect(fr('browse.count', { count: 2 })).toBe('2 ressources');
    expect(fr('browse.bulkSelected', { count: 2 })).toBe('2 ressources sélectionnées d’après le fichier.');
  });

  it('translates a server user_message it knows, and keeps any other text', () => {
    expect(localizeMessage(MESSAGES.loginFailed, 'en')).toBe(MESSAGES.loginFailed);
    expect(localizeMessage(MESSAGES.loginFailed, 'fr')).toBe(serverMessagesFr.loginFailed);
    expect(localizeMessage('Passwords must contain at least 2 numbers.', 'fr')).toBe(
      'Passwords must contain at least 2 numbers.',
    );
    expect(specText('noAcl', 'en')).toBe(MESSAGES.noAcl);
  });

  it('translates the asset texts the server sends, and the ones the screens look up', () => {
    expect(localizeMessage(ASSET_MESSAGES.assetFilenameExists, 'fr')).toBe(
      assetMessagesFr.assetFilenameExists,
    );
    expect(localizeMessage(ASSET_MESSAGES.folderNameRule, 'fr')).toBe(assetMessagesFr.folderNameRule);
    expect(localizeMessage(ASSET_MESSAGES.nameRequired, 'fr')).toBe(serverMessagesFr.requiredEmpty);
    expect(localizeMessage(CART_FULL_NOTICE, 'fr')).toBe(workingSetNoticesFr.cartFull);
    expect(localizeMessage(ASSET_MESSAGES.inUse, 'en')).toBe(ASSET_MESSAGES.inUse);
    expect(specText('inUse', 'fr')).toBe(assetMessagesFr.inUse);
    expect(specText('ontoChildOrParent', 'en')).toBe(ASSET_MESSAGES.ontoChildOrParent);
  });

  it('keeps the values of a text built from them, in French and in English', () => {
    const sent = ASSET_MESSAGES.loadingDockNoSpace('2.5 GB', '800.0 MB');
    expect(localizeMessage(sent, 'en')).toBe(sent);
    expect(localizeMessage(sent, 'fr')).toBe(
      'Espace insuffisant dans le quai de chargement : la demande nécessite 2,5\u00a0Go et il reste 800,0\u00a0Mo de libre. Une conversion partielle est possible.',
    );
    expect(localizeMessage(ASSET_MESSAGES.loadingDockNoSpace('a few files', 'none'), 'fr')).toContain(
      'nécessite a few files et il reste none de libre',
    );
    const values = { requested: '3.0 GB', free: '1.0 GB' };
    expect(specText('loadingDockNoSpace', 'en', values)).toBe(
      ASSET_MESSAGES.loadingDockNoSpace('3.0 GB', '1.0 GB'),
    );
    expect(specText('loadingDockNoSpace', 'fr', values)).toContain('nécessite 3.0 GB et il reste 1.0 GB');
    expect(ASSET_PLACEHOLDERS.loadingDockNoSpace).toEqual(['requested', 'free']);
  });

  it('translates every text of the video timeline, a failed export with its file and its reason', () => {
    for (const [key, text] of Object.entries(TIMELINE_TEXTS))
      if (typeof text === 'string') expect(localizeMessage(text, 'fr'), key).not.toBe(text);
    expect(
      localizeMessage(TIMELINE_TEXTS.exportFailed('a (Cut).mp4', TIMELINE_TEXTS.sourceMissing), 'fr'),
    ).toBe('a (Cut).mp4 : l’export du clip a échoué (son fichier manque dans le stockage).');
    expect(localizeMessage(TIMELINE_TEXTS.exportFailed('b.mp4', 'ffmpeg exited with 1'), 'fr')).toBe(
      'b.mp4 : l’export du clip a échoué (ffmpeg exited with 1).',
    );
  });

  it('says in French what is wrong with a workflow URL call and what would work (R-WORKFLOW-URL-CALL)', () => {
    expect(localizeMessage(WORKFLOW_MESSAGES.stepUrlPortBlocked(25), 'fr')).toBe(
      'Le port 25 est réservé à un autre service (messagerie, SSH, etc.) : le DAM ne l’appelle pas. Utilisez le port 80 ou 443, ou un autre port comme 8080 ou 8443.',
    );
    expect(localizeMessage(WORKFLOW_MESSAGES.stepUrlRefused('127.0.0.1:4100'), 'fr')).toBe(
      'Rien n’a accepté l’appel à 127.0.0.1:4100. Vérifiez l’hôte et le port de l’URL, et que le service qui le reçoit est en marche.',
    );
    expect(localizeMessage(WORKFLOW_MESSAGES.stepUrlUnknownHost('hooks.example'), 'fr')).toBe(
      'L’hôte « hooks.example » de l’URL est inconnu. Vérifiez son orthographe.',
    );
    expect(localizeMessage(WORKFLOW_MESSAGES.stepUrlTimedOut(10), 'fr')).toBe(
      'L’URL n’a pas répondu en 10 secondes.',
    );
  });
});
