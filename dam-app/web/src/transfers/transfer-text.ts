import { useCallback } from 'react';
import { MIN_CLIENT_VERSION, TRANSFER_MESSAGES } from '../../../api/transfer-messages.ts';
import { usePreferences } from '../app/preferences.tsx';
import { transferMessagesFr } from '../i18n/transfer-messages-fr.ts';
import type { Language } from '../i18n/translate.ts';

type TextKey = {
  [K in keyof typeof TRANSFER_MESSAGES]: (typeof TRANSFER_MESSAGES)[K] extends string ? K : never;
}[keyof typeof TRANSFER_MESSAGES];

/** A transfer spec text in the person's language (English is the spec's own wording). */
export function transferText(key: TextKey, language: Language): string {
  return language === 'fr' ? transferMessagesFr[key] : TRANSFER_MESSAGES[key];
}

/** The Warning dialog's text, naming the minimum client version. */
export function warningText(language: Language): string {
  return language === 'fr'
    ? transferMessagesFr.warningText(MIN_CLIENT_VERSION)
    : TRANSFER_MESSAGES.warningText(MIN_CLIENT_VERSION);
}

/**
 * The same function until the language changes: the transfer actions and browse entries are memoised on it, and a
 * new one on each draw would hand the shell new entries on each draw, drawing the screens (and their open dialogs)
 * again without end.
 */
export function useTransferText() {
  const { language } = usePreferences();
  return useCallback((key: TextKey) => transferText(key, language), [language]);
}
