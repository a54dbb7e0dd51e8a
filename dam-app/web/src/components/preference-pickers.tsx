import { Button, HStack, NativeSelect } from '@chakra-ui/react';
import { usePreferences } from '../app/preferences.tsx';
import { LANGUAGES, type Language } from '../i18n/translate.ts';

const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', fr: 'Français' };

/** Language and colour mode, on every screen. */
export function PreferencePickers({ onDark = false }: { onDark?: boolean }) {
  const { t, language, setLanguage, colorMode, setColorMode } = usePreferences();
  const next = colorMode === 'dark' ? 'light' : 'dark';
  return (
    <HStack gap="2">
      <NativeSelect.Root size="sm" width="auto">
        <NativeSelect.Field
          aria-label={t('app.language')}
          value={language}
          onChange={(event) => setLanguage(event.target.value as Language)}
          color={onDark ? 'dam.headerFg' : undefined}
          borderColor={onDark ? 'whiteAlpha.500' : undefined}
        >
          {LANGUAGES.map((each) => (
            <option key={each} value={each}>
              {LANGUAGE_NAMES[each]}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator color={onDark ? 'dam.headerFg' : undefined} />
      </NativeSelect.Root>
      <Button
        size="sm"
        variant={onDark ? 'ghost' : 'outline'}
        color={onDark ? 'dam.headerFg' : undefined}
        _hover={onDark ? { bg: 'whiteAlpha.200' } : undefined}
        aria-label={`${t('app.colorMode')}: ${t(`app.colorMode.${colorMode}`)}`}
        aria-pressed={colorMode === 'dark'}
        onClick={() => setColorMode(next)}
      >
        {colorMode === 'dark' ? '☾' : '☀'} {t(`app.colorMode.${colorMode}`)}
      </Button>
    </HStack>
  );
}
