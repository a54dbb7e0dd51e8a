import { Badge, Button, Flex, Stack, Table, Text } from '@chakra-ui/react';
import { useState } from 'react';
import type { SessionView } from '../../../../api/accounts.ts';
import { usePreferences } from '../../app/preferences.tsx';
import { toaster } from '../../app/toaster.tsx';
import { ConfirmDialog, Empty, ErrorAlert, ListSkeleton } from '../../components/feedback.tsx';
import { Link } from '../../components/link.tsx';
import { ScreenHeader } from '../../components/screen-header.tsx';
import { useDeleteSavedSearch, useSavedSearches } from './saved-search-queries.ts';

/** Saved Searches: mine and the public ones; run one, or delete one of mine. */
export function SavedSearchesScreen({ session }: { session: SessionView }) {
  const { t } = usePreferences();
  const list = useSavedSearches();
  const remove = useDeleteSavedSearch();
  const [deleting, setDeleting] = useState<{ id: number; name: string } | null>(null);
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
      {list.isPending ? (
        <ListSkeleton />
      ) : list.isError ? (
        <ErrorAlert error={list.error} />
      ) : list.data.length === 0 ? (
        <Empty title={t('search.noSaved')} description={t('search.noSavedBody')} />
      ) : (
        <Table.ScrollArea borderWidth="1px" borderRadius="md">
          <Table.Root size="sm">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('search.savedName')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('search.savedDescription')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('search.savedOwner')}</Table.ColumnHeader>
                <Table.ColumnHeader>
                  <Text srOnly>{t('app.actions')}</Text>
                </Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {list.data.map((each) => (
                <Table.Row key={each.id} data-saved-search={each.name}>
                  <Table.Cell fontWeight="medium">
                    <Flex gap="2" align="center">
                      {each.name}
                      {each.public && <Badge colorPalette="teal">{t('search.public')}</Badge>}
                    </Flex>
                  </Table.Cell>
                  <Table.Cell color="fg.muted">{each.description}</Table.Cell>
                  <Table.Cell>{each.owner}</Table.Cell>
                  <Table.Cell>
                    <Flex gap="2" justify="flex-end">
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
                          onClick={() => setDeleting({ id: each.id, name: each.name })}
                        >
                          {t('app.delete')}
                          <Text as="span" srOnly>
                            {each.name}
                          </Text>
                        </Button>
                      )}
                    </Flex>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t('search.deleteSavedTitle', { name: deleting?.name ?? '' })}
        body={t('search.deleteSavedBody')}
        confirmLabel={t('app.delete')}
        busy={remove.isPending}
        error={remove.error}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              toaster.create({ type: 'success', title: t('search.deletedSaved', { name: deleting.name }) });
              setDeleting(null);
            },
          })
        }
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
