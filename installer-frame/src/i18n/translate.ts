import { de } from './messages-de.ts';
import { en, type MessageKey, type Messages } from './messages-en.ts';
import { es } from './messages-es.ts';
import { fr } from './messages-fr.ts';
import { ja } from './messages-ja.ts';

export const CATALOGUES = { en, fr, de, es, ja } as const satisfies Record<string, Messages>;
export type Language = keyof typeof CATALOGUES;

/** The first of the browser's preferred languages we translate, by primary subtag ('fr-CA' → fr); else English. */
export function pickLanguage(preferred: readonly string[]): Language {
  for (const tag of preferred) {
    const primary = tag.toLowerCase().split('-')[0] ?? '';
    if (primary in CATALOGUES) return primary as Language;
  }
  return 'en';
}

export type Translate = (key: MessageKey, values?: Record<string, string>) => string;

/** `{name}` placeholders are filled from values; an empty value leaves no stray spaces behind. */
export function translator(language: Language): Translate {
  const catalogue: Messages = CATALOGUES[language];
  return (key, values = {}) =>
    catalogue[key]
      .replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? '')
      .replace(/\s{2,}/g, ' ')
      .trim();
}
