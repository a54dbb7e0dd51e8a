import { MESSAGES } from '../../../api/messages.ts';
import { en, type MessageKey, type Messages } from './messages-en.ts';
import { fr } from './messages-fr.ts';
import { serverMessagesFr } from './server-messages-fr.ts';

export const CATALOGUES = { en, fr } as const satisfies Record<string, Messages>;
export type Language = keyof typeof CATALOGUES;
export const LANGUAGES = Object.keys(CATALOGUES) as Language[];

/** The first preferred language we translate, by primary subtag ('fr-CA' → fr); else English. */
export function pickLanguage(preferred: readonly string[]): Language {
  for (const tag of preferred) {
    const primary = tag.toLowerCase().split('-')[0] ?? '';
    if (primary in CATALOGUES) return primary as Language;
  }
  return 'en';
}

export type Translate = (key: MessageKey, values?: Record<string, string | number>) => string;

export function translator(language: Language): Translate {
  const catalogue: Messages = CATALOGUES[language];
  return (key, values = {}) =>
    catalogue[key].replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? ''));
}

const SERVER_KEYS = new Map<string, keyof typeof MESSAGES>(
  Object.entries(MESSAGES).map(([key, text]) => [text, key as keyof typeof MESSAGES]),
);

/**
 * A text of spec §5/§6/§8 as the server or the shared schemas give it, in the person's language. Texts outside
 * `MESSAGES` (a configured password rule, a developer's detail) stay as they are.
 */
export function localizeMessage(text: string, language: Language): string {
  if (language === 'en') return text;
  const key = SERVER_KEYS.get(text);
  return key ? serverMessagesFr[key] : text;
}

/** A §5/§6/§8 text by its key, in the person's language. */
export function specText(key: keyof typeof MESSAGES, language: Language): string {
  return language === 'en' ? MESSAGES[key] : serverMessagesFr[key];
}
