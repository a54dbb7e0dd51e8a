import { Badge, Button, Flex, Stack, Text } from '@chakra-ui/react';
import type { SessionView } from '../../../../api/accounts.ts';
import { usePreferences } from '../../app/preferences.tsx';
import { toaster } from '../../app/toaster.tsx';
import { Link } from '../../components/link.tsx';
import { ScreenHeader } from '../../components/screen-header.tsx';
import { ListSection } from '../../kit/list-section.tsx';
import { useConfirm } from '../../kit/use-confirm.tsx';
import { defineScreen } from '../../router/define-screen.ts';
import { path } from '../../router/route-codec.ts';
import type { Draw, ScreenEntry } from '../../router/routes.ts';
import { useDeleteSavedSearch, useSavedSearches } from './saved-search-queries.ts';

export const screen = defineScreen('saved-searches', { codec: path('/saved-searches'), places: true });
export const draw: Draw<'saved-searches'> = (_, { session }) => <SavedSearchesScreen session={session} />;

/** Saved Searches: mine and the public ones; run one, or delete one of mine. */
export function SavedSearchesScreen({ session }: { session: SessionView }) {
  const { t } = usePreferences();
  const list = useSavedSearches();
  const deleteSaved = useDeleteSavedSearch();
  const remove = useConfirm({
    run: (each: { id: number; name: string }) => deleteSaved.mutateAsync(each.id),
    done: (_, each) =>
      toaster.create({ type: 'success', title: t('search.deletedSaved', { name: each.name }) }),
    title: (each) => t('search.deleteSavedTitle', { name: each.name }),
    body: () => t('search.deleteSavedBody'),
    confirmLabel: t('app.delete'),
  });
  return (
    <Stack gap="4">
      <ScreenHeader
        title={t('search.savedSearches')}
        intro={t('search.savedIntro')}
        actions={
          <Link to={{ name: 'search', query: '' }} fontSize="sm">
            {t('search.newSearch')}
          </Link>
        }
      />
      <ListSection
        query={list}
        empty={t('search.noSaved')}
        emptyDescription={t('search.noSavedBody')}
        rowKey={(each) => each.id}
        rowProps={(each) => ({ 'data-saved-search': each.name }) as object}
        columns={[
          {
            header: t('search.savedName'),
            props: { fontWeight: 'medium' },
            cell: (each) => (
              <Flex gap="2" align="center">
                {each.name}
                {each.public && <Badge colorPalette="teal">{t('search.public')}</Badge>}
              </Flex>
            ),
          },
          {
            header: t('search.savedDescription'),
            cell: (each) => each.description,
            props: { color: 'fg.muted' },
          },
          { header: t('search.savedOwner'), cell: (each) => each.owner },
        ]}
        actions={(each) => (
          <>
            <Button asChild size="xs" colorPalette="teal">
              <a href={`#/search?saved=${each.id}`}>
                {t('search.run')}
                <Text as="span" srOnly>
                  {each.name}
                </Text>
              </a>
            </Button>
            {each.owner === session.user.username && (
              <Button
                size="xs"
                variant="outline"
                colorPalette="red"
                onClick={() => remove.ask({ id: each.id, name: each.name })}
              >
                {t('app.delete')}
                <Text as="span" srOnly>
                  {each.name}
                </Text>
              </Button>
            )}
          </>
        )}
      >
        {remove.dialog}
      </ListSection>
    </Stack>
  );
}

declare module '../../router/routes.ts' {
  interface Screens extends ScreenEntry<typeof screen> {}
}
