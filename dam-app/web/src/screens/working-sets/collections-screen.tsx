import { Badge, Button, HStack, Stack, Table, VisuallyHidden } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { SessionView } from '../../../../api/accounts.ts';
import { deleteCollection } from '../../../../api/contract/working-sets-endpoints.ts';
import { api } from '../../api/api-client.ts';
import { usePreferences } from '../../app/preferences.tsx';
import { ConfirmDialog, Empty, ErrorAlert, ListSkeleton } from '../../components/feedback.tsx';
import { formatDay } from '../../components/format-day.ts';
import { Link } from '../../components/link.tsx';
import { ScreenHeader } from '../../components/screen-header.tsx';
import { navigate } from '../../router/use-route.ts';
import { mayModifyCollections } from '../assets/asset-access.ts';
import { ASSET_KEYS, useCollections } from '../assets/asset-queries.ts';
import { CollectionEditor } from './collection-editor.tsx';
import {
  type Collection,
  mayChangeCollection,
  ownsCollection,
  useShareGroups,
} from './collection-queries.ts';

/** Columns that the collection's own screen also shows give way on narrow screens. */
const WIDE = { base: 'none', lg: 'table-cell' } as const;

/** Collections (saved selections): mine, public ones and those shared with my groups, with every field of R-COLLECTION-FIELDS. */
export function CollectionsScreen({ session }: { session: SessionView }) {
  const { t, language } = usePreferences();
  const client = useQueryClient();
  const collections = useCollections();
  const groups = useShareGroups();
  const [editing, setEditing] = useState<Collection | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Collection | null>(null);
  const remove = useMutation({
    mutationFn: (id: number) => api.call(deleteCollection, { params: { id } }),
    onSuccess: () => {
      setDeleting(null);
      void client.invalidateQueries({ queryKey: ASSET_KEYS.collections });
    },
  });
  const groupName = (id: number | null) =>
    id === null
      ? '—'
      : (groups.data?.find((group) => group.id === id)?.name ?? t('collections.groupN', { id }));
  const yesNo = (value: boolean) => t(value ? 'app.yes' : 'app.no');
  const mayCreate = mayModifyCollections(session);
  return (
    <Stack gap="4">
      <ScreenHeader
        title={t('collections.title')}
        intro={t('collections.intro')}
        actions={
          mayCreate && (
            <Button colorPalette="teal" onClick={() => setEditing('new')}>
              {t('collections.new')}
            </Button>
          )
        }
      />
      {collections.isPending && <ListSkeleton />}
      {collections.isError && <ErrorAlert error={collections.error} />}
      {collections.data?.length === 0 && (
        <Empty title={t('collections.empty')} description={t('collections.emptyHint')} />
      )}
      {collections.data && collections.data.length > 0 && (
        <Table.ScrollArea borderWidth="1px" rounded="md" tabIndex={0}>
          <Table.Root size="sm">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('field.name')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('collections.owner')}</Table.ColumnHeader>
                <Table.ColumnHeader display={WIDE}>{t('collections.sharedWith')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('collections.visibility')}</Table.ColumnHeader>
                <Table.ColumnHeader display={WIDE}>{t('collections.modifiable')}</Table.ColumnHeader>
                <Table.ColumnHeader display={WIDE}>{t('collections.bundle')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('collections.expiry')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('collections.assets')}</Table.ColumnHeader>
                <Table.ColumnHeader>
                  <VisuallyHidden>{t('app.actions')}</VisuallyHidden>
                </Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {collections.data.map((collection) => (
                <Table.Row key={collection.id} data-collection={collection.name}>
                  <Table.Cell>
                    <Link to={{ name: 'collection', id: collection.id }} fontWeight="medium">
                      {collection.name}
                    </Link>
                    {collection.description && (
                      <VisuallyHidden>{`: ${collection.description}`}</VisuallyHidden>
                    )}
                  </Table.Cell>
                  <Table.Cell>{collection.owner}</Table.Cell>
                  <Table.Cell display={WIDE}>{groupName(collection.sharedWithGroupId)}</Table.Cell>
                  <Table.Cell>
                    <Badge colorPalette={collection.public ? 'teal' : 'gray'}>
                      {t(collection.public ? 'collections.public' : 'collections.private')}
                    </Badge>
                  </Table.Cell>
                  <Table.Cell display={WIDE}>{yesNo(collection.modifiable)}</Table.Cell>
                  <Table.Cell display={WIDE}>{yesNo(collection.bundle)}</Table.Cell>
                  <Table.Cell whiteSpace="nowrap">
                    {collection.expiresAt ? formatDay(collection.expiresAt, language) : t('app.never')}
                  </Table.Cell>
                  <Table.Cell textAlign="end">{collection.assetCount}</Table.Cell>
                  <Table.Cell>
                    <HStack justify="flex-end" gap="2">
                      <Button
                        size="xs"
                        variant="outline"
                        onClick={() => navigate({ name: 'collection', id: collection.id })}
                        aria-label={t('collections.openNamed', { name: collection.name })}
                      >
                        {t('collections.open')}
                      </Button>
                      {mayChangeCollection(collection, session) && (
                        <Button
                          size="xs"
                          variant="outline"
                          onClick={() => setEditing(collection)}
                          aria-label={t('collections.editTitle', { name: collection.name })}
                        >
                          {t('app.edit')}
                        </Button>
                      )}
                      {ownsCollection(collection, session) && (
                        <Button
                          size="xs"
                          variant="outline"
                          colorPalette="red"
                          onClick={() => {
                            remove.reset();
                            setDeleting(collection);
                          }}
                          aria-label={`${t('app.delete')} ${collection.name}`}
                        >
                          {t('app.delete')}
                        </Button>
                      )}
                    </HStack>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
      {editing && (
        <CollectionEditor
          key={editing === 'new' ? 'new' : editing.id}
          collection={editing === 'new' ? undefined : editing}
          owner={editing === 'new' || ownsCollection(editing, session)}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t('app.delete')}
        body={t('collections.deleteConfirm', { name: deleting?.name ?? '' })}
        confirmLabel={t('app.delete')}
        busy={remove.isPending}
        error={remove.error ?? undefined}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
