import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import {
  LANGUAGES,
  type Language,
  localizeMessage,
  pickLanguage,
  type SpecKey,
  specText,
  type Translate,
  translator,
} from '../i18n/translate.ts';

export type ColorMode = 'light' | 'dark';

interface Preferences {
  language: Language;
  setLanguage(language: Language): void;
  t: Translate;
  /** A server `user_message` (or a shared schema's message) in the person's language. */
  message(text: string): string;
  /** A spec text by its MESSAGES, ASSET_MESSAGES or working-set notice key, in the person's language. */
  spec(key: SpecKey, values?: Record<string, string | number>): string;
  colorMode: ColorMode;
  setColorMode(mode: ColorMode): void;
}

const PreferencesContext = createContext<Preferences | null>(null);
const LANGUAGE_KEY = 'rapid-dam.language';
const COLOR_KEY = 'rapid-dam.color-mode';

function stored(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}
function store(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Storage may be off (private mode); the choice then lasts this page only.
  }
}

function initialLanguage(): Language {
  const saved = stored(LANGUAGE_KEY);
  if (saved && (LANGUAGES as string[]).includes(saved)) return saved as Language;
  return pickLanguage(navigator.languages?.length ? navigator.languages : [navigator.language]);
}
function initialColorMode(): ColorMode {
  const saved = stored(COLOR_KEY);
  if (saved === 'light' || saved === 'dark') return saved;
  return window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

/** Language and colour mode: chosen by the person, remembered in this browser, first taken from its settings. */
export function PreferencesProvider({ children }: { children: ReactNode }) {
  const [language, setLanguageState] = useState(initialLanguage);
  const [colorMode, setColorModeState] = useState(initialColorMode);

  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);
  useEffect(() => {
    const root = document.documentElement;
    root.classList.toggle('dark', colorMode === 'dark');
    root.classList.toggle('light', colorMode === 'light');
    root.style.colorScheme = colorMode;
  }, [colorMode]);

  const setLanguage = useCallback((next: Language) => {
    store(LANGUAGE_KEY, next);
    setLanguageState(next);
  }, []);
  const setColorMode = useCallback((next: ColorMode) => {
    store(COLOR_KEY, next);
    setColorModeState(next);
  }, []);

  const value = useMemo<Preferences>(
    () => ({
      language,
      setLanguage,
      t: translator(language),
      message: (text) => localizeMessage(text, language),
      spec: (key, values) => specText(key, language, values),
      colorMode,
      setColorMode,
    }),
    [language, setLanguage, colorMode, setColorMode],
  );
  return <PreferencesContext.Provider value={value}>{children}</PreferencesContext.Provider>;
}

export function usePreferences(): Preferences {
  const value = useContext(PreferencesContext);
  if (!value) throw new Error('usePreferences needs a PreferencesProvider');
  return value;
}
