import { STATUS } from '@rapid/sdk';
import { describe, expect, it } from 'vitest';
import { en } from '../i18n/messages-en.ts';
import { fr } from '../i18n/messages-fr.ts';
import { clientStateKey } from './client-state.ts';

describe('clientStateKey', () => {
  it('names every client status in words, in English and French', () => {
    for (const status of Object.values(STATUS)) {
      expect(en[clientStateKey(status)]).toBeTruthy();
      expect(fr[clientStateKey(status)]).toBeTruthy();
      expect(en[clientStateKey(status)]).not.toContain(status);
    }
  });
});
