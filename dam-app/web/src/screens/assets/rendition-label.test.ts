import { describe, expect, it } from 'vitest';
import { en } from '../../i18n/messages-en.ts';
import { fr } from '../../i18n/messages-fr.ts';
import { renditionLabel } from './rendition-label.ts';

describe('renditionLabel', () => {
  it('names the renditions the server makes in both languages, and passes others through', () => {
    expect(renditionLabel('thumbnail', (key) => fr[key])).toBe('Vignette');
    expect(renditionLabel('web-preview', (key) => en[key])).toBe('Web preview');
    expect(renditionLabel('page-2', (key) => en[key])).toBe('page-2');
  });
});
