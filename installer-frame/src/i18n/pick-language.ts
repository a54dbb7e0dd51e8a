/** The languages the frame is translated into; the first is the fallback. */
export const LANGUAGES = ['en', 'fr', 'de', 'es', 'ja'] as const;
export type Language = (typeof LANGUAGES)[number];

/** The first of the browser's preferred languages we translate, by primary subtag ('fr-CA' → fr); else English. */
export function pickLanguage(preferred: readonly string[]): Language {
  for (const tag of preferred) {
    const primary = tag.toLowerCase().split('-')[0] ?? '';
    const language = LANGUAGES.find((each) => each === primary);
    if (language) return language;
  }
  return 'en';
}

/** The browser's preferred languages, as the frame's pages read them. */
export function browserLanguage(): Language {
  return pickLanguage(navigator.languages?.length ? navigator.languages : [navigator.language]);
}
