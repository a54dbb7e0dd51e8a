import { Button, Field, HStack, Image, NativeSelect, Stack, Table, Text } from '@chakra-ui/react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { listThemes, saveThemeOrganizer, themeOrganizer } from '../../../../api/contract/theme-endpoints.ts';
import type { Theme } from '../../../../api/themes.ts';
import { api } from '../../api/api-client.ts';
import { usePreferences } from '../../app/preferences.tsx';
import { toaster } from '../../app/toaster.tsx';
import { ErrorAlert } from '../../components/feedback.tsx';
import { useRefresh } from '../../kit/use-refresh.ts';
import { MY_THEME_KEY } from '../shell/themed-shell.tsx';
import { THEMES_KEY } from './theme-editor.tsx';
import { thumbnailUrl } from './themes-section.tsx';

const ORGANIZER_KEY = ['admin', 'theme-organizer'] as const;

/** The Theme organizer (R-THEME-ORGANIZER): the default theme, and each workspace's (or the default). */
export function ThemeOrganizerSection() {
  const { t } = usePreferences();
  const refresh = useRefresh();
  const themes = useQuery({
    queryKey: THEMES_KEY,
    queryFn: ({ signal }) => api.call(listThemes, { signal }),
  });
  const organizer = useQuery({
    queryKey: ORGANIZER_KEY,
    queryFn: ({ signal }) => api.call(themeOrganizer, { signal }),
  });
  const [defaultId, setDefaultId] = useState<number>();
  const [assigned, setAssigned] = useState<Record<number, number | null>>({});
  useEffect(() => {
    if (!organizer.data) return;
    setDefaultId(organizer.data.defaultThemeId);
    setAssigned(Object.fromEntries(organizer.data.workspaces.map((each) => [each.id, each.themeId])));
  }, [organizer.data]);
  const save = useMutation({
    mutationFn: () =>
      api.call(saveThemeOrganizer, {
        body: {
          defaultThemeId: defaultId ?? 0,
          workspaces: Object.entries(assigned).map(([id, themeId]) => ({ id: Number(id), themeId })),
        },
      }),
    onSuccess: () => {
      refresh([ORGANIZER_KEY, THEMES_KEY, MY_THEME_KEY]);
      toaster.create({ type: 'success', title: t('themeOrganizer.saved') });
    },
  });
  const list = themes.data ?? [];
  const byId = (id: number | null | undefined) => list.find((theme) => theme.id === id);
  if (!organizer.data || !themes.data)
    return <ErrorAlert error={organizer.error ?? themes.error ?? undefined} />;
  return (
    <Stack
      as="form"
      gap="4"
      maxWidth="4xl"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate();
      }}
    >
      <ErrorAlert error={save.error} />
      <HStack align="end" gap="4">
        <ThemeChoice
          label={t('themeOrganizer.default')}
          helper={t('themeOrganizer.defaultHint')}
          themes={list}
          value={defaultId ?? null}
          onValue={(id) => setDefaultId(id ?? undefined)}
        />
        <Thumbnail theme={byId(defaultId)} />
      </HStack>
      {organizer.data.workspaces.length === 0 ? (
        <Text color="fg.muted">{t('themeOrganizer.empty')}</Text>
      ) : (
        <Table.Root size="sm" borderWidth="1px">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t('themeOrganizer.workspace')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('workspace.theme')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('theme.thumbnail')}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {organizer.data.workspaces.map((workspace) => {
              const themeId = assigned[workspace.id] ?? null;
              return (
                <Table.Row key={workspace.id}>
                  <Table.Cell fontWeight="medium">{workspace.name}</Table.Cell>
                  <Table.Cell>
                    <ThemeChoice
                      label={t('themeOrganizer.theme', { name: workspace.name })}
                      hideLabel
                      themes={list}
                      value={themeId}
                      allowDefault
                      onValue={(id) => setAssigned((current) => ({ ...current, [workspace.id]: id }))}
                    />
                  </Table.Cell>
                  <Table.Cell>
                    <Thumbnail theme={byId(themeId ?? defaultId)} />
                  </Table.Cell>
                </Table.Row>
              );
            })}
          </Table.Body>
        </Table.Root>
      )}
      <HStack>
        <Button type="submit" colorPalette="teal" loading={save.isPending}>
          {t('app.save')}
        </Button>
      </HStack>
    </Stack>
  );
}

function Thumbnail({ theme }: { theme: Theme | undefined }) {
  const { t } = usePreferences();
  return theme ? (
    <Image
      src={thumbnailUrl(theme)}
      alt={t('theme.thumbnailOf', { name: theme.name })}
      width="75px"
      height="67.5px"
      borderWidth="1px"
    />
  ) : null;
}

function ThemeChoice(props: {
  label: string;
  helper?: string;
  hideLabel?: boolean;
  themes: Theme[];
  value: number | null;
  allowDefault?: boolean;
  onValue(id: number | null): void;
}) {
  const { t } = usePreferences();
  return (
    <Field.Root width="auto" minWidth="60">
      <Field.Label srOnly={props.hideLabel}>{props.label}</Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field
          value={props.value === null ? '' : String(props.value)}
          onChange={(event) => props.onValue(event.target.value === '' ? null : Number(event.target.value))}
        >
          {props.allowDefault && <option value="">{t('themeOrganizer.useDefault')}</option>}
          {props.themes.map((theme) => (
            <option key={theme.id} value={theme.id}>
              {theme.name}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      {props.helper && <Field.HelperText>{props.helper}</Field.HelperText>}
    </Field.Root>
  );
}
