import {
  Box,
  Button,
  Field,
  Grid,
  Heading,
  HStack,
  Input,
  NativeSelect,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useState } from 'react';
import { createTheme, themeLogo, updateTheme } from '../../../../api/contract/theme-endpoints.ts';
import {
  BUILT_IN_THEMES,
  CONTRAST_PAIRS,
  type SaveTheme,
  saveThemeSchema,
  THEME_COLOURS,
  THEME_DENSITIES,
  THEME_FONT_KEYS,
  THEME_MODES,
  type Theme,
  type ThemeColour,
  type ThemeMode,
  type ThemeValues,
} from '../../../../api/themes.ts';
import { contrastRatio, MIN_CONTRAST } from '../../../../api/workspaces.ts';
import { api } from '../../api/api-client.ts';
import { usePreferences } from '../../app/preferences.tsx';
import { ErrorAlert } from '../../components/feedback.tsx';
import { fileBase64 } from '../../components/file-base64.ts';
import { FormField } from '../../components/form-field.tsx';
import { useForm } from '../../components/use-form.ts';
import { useSave } from '../../kit/use-save.ts';
import { MY_THEME_KEY } from '../shell/themed-shell.tsx';
import { ThemePreview } from './theme-preview.tsx';

export const THEMES_KEY = ['admin', 'themes'] as const;
const CHANGED = [THEMES_KEY, MY_THEME_KEY];
const HEX = /^#[0-9a-fA-F]{6}$/;

const valuesOf = (theme: ThemeValues) => ({
  name: theme.name,
  headingFont: theme.headingFont,
  bodyFont: theme.bodyFont,
  density: theme.density,
  light: { ...theme.light },
  dark: { ...theme.dark },
  logo: undefined as string | null | undefined,
  thumbnail: undefined as string | null | undefined,
});

/** Creates (from the DAM's look, or a copy) or changes a theme, beside its live preview and its contrast check. */
export function ThemeEditor({
  theme,
  base,
  onClose,
}: {
  theme?: Theme | undefined;
  base?: ThemeValues | undefined;
  onClose(): void;
}) {
  const { t } = usePreferences();
  const start = theme ?? base ?? { ...(BUILT_IN_THEMES.dam as ThemeValues), name: '' };
  const form = useForm(valuesOf(start as ThemeValues), { guard: true });
  const [mode, setMode] = useState<ThemeMode>('light');
  const save = useSave({
    form,
    save: (body: SaveTheme) =>
      theme ? api.call(updateTheme, { params: { id: theme.id }, body }) : api.call(createTheme, { body }),
    refresh: CHANGED,
    nameOf: (saved) => saved.name,
    onSaved: onClose,
  });
  const { values } = form;
  const valid = (mode: ThemeMode) =>
    Object.fromEntries(
      THEME_COLOURS.map((key) => [
        key,
        HEX.test(values[mode][key]) ? values[mode][key] : (start as ThemeValues)[mode][key],
      ]),
    ) as Record<ThemeColour, string>;
  const look = { ...values, light: valid('light'), dark: valid('dark') };
  const logo =
    values.logo === null
      ? undefined
      : values.logo
        ? `data:image/png;base64,${values.logo}`
        : theme?.hasLogo
          ? api.url(themeLogo, { params: { id: theme.id }, query: { v: theme.version } })
          : undefined;
  const setColour = (mode: ThemeMode, key: ThemeColour, value: string) =>
    form.set(mode, { ...values[mode], [key]: value });
  const title = theme ? t('theme.edit', { name: theme.name }) : t('theme.new');
  return (
    <Box
      as="form"
      aria-label={title}
      borderWidth="1px"
      rounded="md"
      p="4"
      mt="4"
      onSubmit={(event) => {
        event.preventDefault();
        if (form.check(saveThemeSchema, values)) save.mutate(values);
      }}
    >
      <Heading as="h2" size="md" mb="3">
        {title}
      </Heading>
      <ErrorAlert error={form.formError} />
      <Grid templateColumns={{ base: '1fr', lg: 'minmax(0, 5fr) minmax(0, 6fr)' }} gap="6" alignItems="start">
        <Stack gap="3">
          <FormField {...form.field('name')} label={t('field.name')} required />
          <HStack gap="3" align="start" wrap="wrap">
            <Choice
              label={t('theme.headingFont')}
              value={values.headingFont}
              options={THEME_FONT_KEYS.map((font) => ({ value: font, label: t(`theme.font.${font}`) }))}
              onValue={(font) => form.set('headingFont', font as ThemeValues['headingFont'])}
            />
            <Choice
              label={t('theme.bodyFont')}
              value={values.bodyFont}
              options={THEME_FONT_KEYS.map((font) => ({ value: font, label: t(`theme.font.${font}`) }))}
              onValue={(font) => form.set('bodyFont', font as ThemeValues['bodyFont'])}
            />
            <Choice
              label={t('theme.density')}
              value={values.density}
              options={THEME_DENSITIES.map((density) => ({
                value: density,
                label: t(`theme.density.${density}`),
              }))}
              onValue={(density) => form.set('density', density as ThemeValues['density'])}
            />
          </HStack>
          {THEME_MODES.map((each) => (
            <Box as="fieldset" key={each} borderWidth="1px" rounded="md" p="3">
              <Text as="legend" px="1" fontWeight="semibold">
                {t('theme.colours', { mode: t(`theme.mode.${each}`) })}
              </Text>
              <Grid templateColumns="repeat(auto-fill, minmax(13rem, 1fr))" gap="2">
                {THEME_COLOURS.map((key) => (
                  <ColourField
                    key={key}
                    name={`${each}.${key}`}
                    label={`${t(`theme.colour.${key}`)} (${t(`theme.mode.${each}`)})`}
                    value={values[each][key]}
                    error={form.errors[`${each}.${key}`]}
                    onValue={(value) => setColour(each, key, value)}
                  />
                ))}
              </Grid>
            </Box>
          ))}
          <FileField
            label={t('theme.logo')}
            helper={t('workspace.logoHint')}
            error={form.errors.logo}
            onFile={(base64) => form.set('logo', base64)}
          />
          <FileField
            label={t('theme.thumbnailUpload')}
            helper={t('theme.thumbnailHint')}
            error={form.errors.thumbnail}
            onFile={(base64) => form.set('thumbnail', base64)}
          />
        </Stack>
        <Stack gap="3" position={{ lg: 'sticky' }} top="2">
          <HStack gap="2" role="group" aria-label={t('theme.previewMode')}>
            <Text fontSize="sm">{t('theme.previewMode')}</Text>
            {THEME_MODES.map((each) => (
              <Button
                key={each}
                size="xs"
                variant={mode === each ? 'solid' : 'outline'}
                colorPalette="teal"
                aria-pressed={mode === each}
                onClick={() => setMode(each)}
              >
                {t(`theme.mode.${each}`)}
              </Button>
            ))}
          </HStack>
          <ThemePreview look={look} mode={mode} name={values.name} logo={logo} />
          <ContrastCheck look={look} />
        </Stack>
      </Grid>
      <HStack justify="end" gap="2" mt="4">
        <Button variant="outline" onClick={onClose}>
          {t('app.cancel')}
        </Button>
        <Button type="submit" colorPalette="teal" loading={save.isPending}>
          {theme ? t('app.save') : t('app.create')}
        </Button>
      </HStack>
    </Box>
  );
}

/** Each text on what it is read on, in both modes, with its ratio; a pair under 4.5:1 is marked (the save refuses it). */
function ContrastCheck({ look }: { look: Pick<ThemeValues, 'light' | 'dark'> }) {
  const { t } = usePreferences();
  return (
    <Stack as="section" aria-label={t('theme.contrast', { min: MIN_CONTRAST })} gap="1" fontSize="sm">
      <Text fontWeight="semibold">{t('theme.contrast', { min: MIN_CONTRAST })}</Text>
      {THEME_MODES.flatMap((mode) =>
        CONTRAST_PAIRS.map(([text, on]) => {
          const ratio = contrastRatio(look[mode][text], look[mode][on]);
          const passes = ratio >= MIN_CONTRAST;
          return (
            <HStack key={`${mode}.${text}.${on}`} justify="space-between" data-pair={`${mode}.${text}.${on}`}>
              <Text>
                {t('theme.pair', {
                  mode: t(`theme.mode.${mode}`),
                  text: t(`theme.colour.${text}`),
                  on: t(`theme.colour.${on}`),
                })}
              </Text>
              <Text color={passes ? 'fg.success' : 'fg.error'} fontWeight={passes ? undefined : 'semibold'}>
                {t(passes ? 'theme.pass' : 'theme.fail', { ratio: ratio.toFixed(2) })}
              </Text>
            </HStack>
          );
        }),
      )}
    </Stack>
  );
}

function ColourField(props: {
  name: string;
  label: string;
  value: string;
  error?: string | undefined;
  onValue(value: string): void;
}) {
  return (
    <HStack align="end" gap="1">
      <FormField
        name={props.name}
        label={props.label}
        value={props.value}
        onValue={props.onValue}
        error={props.error}
        maxLength={7}
        size="sm"
      />
      <Input
        type="color"
        aria-label={props.label}
        tabIndex={-1}
        width="10"
        px="1"
        size="sm"
        value={HEX.test(props.value) ? props.value : '#000000'}
        onChange={(event) => props.onValue(event.target.value)}
      />
    </HStack>
  );
}

function Choice(props: {
  label: string;
  value: string;
  options: { value: string; label: string }[];
  onValue(value: string): void;
}) {
  return (
    <Field.Root width="auto">
      <Field.Label>{props.label}</Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field value={props.value} onChange={(event) => props.onValue(event.target.value)}>
          {props.options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

function FileField(props: {
  label: string;
  helper: string;
  error?: string | undefined;
  onFile(base64: string | undefined): void;
}) {
  return (
    <Field.Root invalid={props.error !== undefined}>
      <Field.Label>{props.label}</Field.Label>
      <Input
        type="file"
        accept="image/png"
        pt="1.5"
        onChange={async (event) => {
          const file = event.target.files?.[0];
          props.onFile(file ? await fileBase64(file) : undefined);
        }}
      />
      <Field.HelperText>{props.helper}</Field.HelperText>
      {props.error && <Field.ErrorText>{props.error}</Field.ErrorText>}
    </Field.Root>
  );
}
