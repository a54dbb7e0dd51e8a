import { STATUS, TRANSFER_STATUS } from '@rapid/sdk';
import { describe, expect, it } from 'vitest';
import { en } from '../i18n/messages-en.ts';
import { fr } from '../i18n/messages-fr.ts';
import { clientStateKey, transferStateKey } from './client-state.ts';

describe('clientStateKey', () => {
  it('names every client status in words, in English and French', () => {
    for (const status of Object.values(STATUS)) {
      expect(en[clientStateKey(status)]).toBeTruthy();
      expect(fr[clientStateKey(status)]).toBeTruthy();
      expect(en[clientStateKey(status)]).not.toContain(status);
    }
  });

  it('names every transfer status in both languages', () => {
    for (const status of Object.values(TRANSFER_STATUS)) {
      const key = transferStateKey(status);
      expect(key && en[key]).toBeTruthy();
      expect(key && fr[key]).toBeTruthy();
    }
    expect(fr[transferStateKey('completed') ?? 'transfer.up']).toBe('terminé');
    expect(transferStateKey('something new')).toBeUndefined();
  });
});
