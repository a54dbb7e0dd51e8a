import { describe, expect, it } from 'vitest';
import { MIN_CLIENT_VERSION, TRANSFER_MESSAGES } from '../../../api/transfer-messages.ts';
import { transferMessagesFr } from '../i18n/transfer-messages-fr.ts';
import { transferText, warningText } from './transfer-text.ts';

describe('transfer texts', () => {
  it('French has every spec text, none left in English', () => {
    expect(Object.keys(transferMessagesFr).sort()).toEqual(Object.keys(TRANSFER_MESSAGES).sort());
    for (const [key, text] of Object.entries(transferMessagesFr))
      if (typeof text === 'string') expect(text, key).not.toBe(TRANSFER_MESSAGES[key as 'upload']);
  });

  it('gives the spec’s wording in English and names the minimum client version in the warning', () => {
    expect(transferText('standardDownload', 'en')).toBe('Standard Download (HTTP)');
    expect(transferText('standardDownload', 'fr')).toBe(transferMessagesFr.standardDownload);
    expect(warningText('en')).toContain(`version ${MIN_CLIENT_VERSION}`);
    expect(warningText('fr')).toContain(`version ${MIN_CLIENT_VERSION}`);
  });
});
