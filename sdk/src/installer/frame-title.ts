/** The iframe's accessible name, in the visitor's language (the banner inside translates itself). */
const TITLES: Record<string, string> = {
  en: 'Rapid setup',
  fr: 'Installation de Rapid',
  de: 'Rapid einrichten',
  es: 'Configuración de Rapid',
  ja: 'Rapid のセットアップ',
};

export function frameTitle(languages: readonly string[]): string {
  for (const tag of languages) {
    const title = TITLES[tag.toLowerCase().split('-')[0] ?? ''];
    if (title) return title;
  }
  return TITLES.en as string;
}
