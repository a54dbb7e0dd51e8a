import { de } from './messages-de.ts';
import { en, type MessageKey, type Messages } from './messages-en.ts';
import { es } from './messages-es.ts';
import { fr } from './messages-fr.ts';
import { ja } from './messages-ja.ts';
import type { Language } from './pick-language.ts';

export { type Language, pickLanguage } from './pick-language.ts';

export const CATALOGUES = { en, fr, de, es, ja } as const satisfies Record<Language, Messages>;

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
