import { Badge, HStack, Image, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { deleteTheme, listThemes, themeThumbnail } from '../../../../api/contract/theme-endpoints.ts';
import type { Theme } from '../../../../api/themes.ts';
import { api } from '../../api/api-client.ts';
import { usePreferences } from '../../app/preferences.tsx';
import { ListSection } from '../../kit/list-section.tsx';
import { RowButton } from '../../kit/row-button.tsx';
import { useEditableList } from '../../kit/use-editable-list.tsx';
import { MY_THEME_KEY } from '../shell/themed-shell.tsx';
import { THEMES_KEY, ThemeEditor } from './theme-editor.tsx';

const CHANGED = [THEMES_KEY, MY_THEME_KEY];

export const thumbnailUrl = (theme: Theme) =>
  api.url(themeThumbnail, { params: { id: theme.id }, query: { v: theme.version } });

/** The Theme manager (R-THEMES): the themes with their thumbnails; a built-in one is copied, the others edited. */
export function ThemesSection() {
  const { t } = usePreferences();
  const themes = useQuery({
    queryKey: THEMES_KEY,
    queryFn: ({ signal }) => api.call(listThemes, { signal }),
  });
  const [copyOf, setCopyOf] = useState<Theme>();
  const list = useEditableList<Theme>({
    editor: (theme, close) => <ThemeEditor theme={theme} onClose={close} />,
    nameOf: (theme) => theme.name,
    editLabel: (theme) => t('theme.edit', { name: theme.name }),
    mayEdit: (theme) => theme.builtIn === null,
    mayDelete: (theme) => theme.builtIn === null && !theme.isDefault,
    remove: {
      run: (theme) => api.call(deleteTheme, { params: { id: theme.id } }),
      body: (theme) => t('theme.deleteConfirm', { name: theme.name }),
      refresh: CHANGED,
    },
  });
  return (
    <ListSection
      create={{
        label: t('theme.new'),
        onClick: () => {
          setCopyOf(undefined);
          list.create();
        },
      }}
      query={themes}
      empty={t('theme.empty')}
      rowKey={(theme) => theme.id}
      columns={[
        {
          header: t('theme.thumbnail'),
          cell: (theme) => (
            <Image
              src={thumbnailUrl(theme)}
              alt={t('theme.thumbnailOf', { name: theme.name })}
              width="75px"
              height="67.5px"
              borderWidth="1px"
            />
          ),
        },
        {
          header: t('field.name'),
          cell: (theme) => (
            <HStack gap="2">
              <Text fontWeight="medium">{theme.name}</Text>
              {theme.isDefault && <Badge>{t('theme.default')}</Badge>}
            </HStack>
          ),
        },
        {
          header: t('theme.kind'),
          cell: (theme) => (theme.builtIn ? t('theme.builtIn') : t('theme.custom')),
        },
      ]}
      actions={(theme) => (
        <>
          <RowButton
            text={t('app.copy')}
            label={t('theme.copy', { name: theme.name })}
            onClick={() => setCopyOf(theme)}
          />
          {list.buttons(theme)}
        </>
      )}
    >
      {list.dialogs}
      {copyOf && (
        <ThemeEditor
          key={copyOf.id}
          base={{ ...copyOf, name: t('theme.copyName', { name: copyOf.name }) }}
          onClose={() => setCopyOf(undefined)}
        />
      )}
    </ListSection>
  );
}
