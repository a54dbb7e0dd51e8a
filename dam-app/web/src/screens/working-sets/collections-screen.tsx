import { Badge, Button, Stack, VisuallyHidden } from '@chakra-ui/react';
import type { SessionView } from '../../../../api/accounts.ts';
import { deleteCollection } from '../../../../api/contract/working-sets-endpoints.ts';
import { api } from '../../api/api-client.ts';
import { usePreferences } from '../../app/preferences.tsx';
import { navigate } from '../../app/use-route.ts';
import { mayModifyCollections } from '../../asset-widgets/asset-access.ts';
import { formatDay } from '../../components/format-day.ts';
import { Link } from '../../components/link.tsx';
import { ScreenHeader } from '../../components/screen-header.tsx';
import { ListSection } from '../../kit/list-section.tsx';
import { RowButton } from '../../kit/row-button.tsx';
import { useEditableList } from '../../kit/use-editable-list.tsx';
import { defineScreen } from '../../router/define-screen.ts';
import { path } from '../../router/route-codec.ts';
import type { Draw, ScreenEntry } from '../../router/routes.ts';
import { ASSET_KEYS, useCollections } from '../assets/asset-queries.ts';
import { CollectionEditor } from './collection-editor.tsx';
import {
  type Collection,
  mayChangeCollection,
  ownsCollection,
  useShareGroups,
} from './collection-queries.ts';

export const screen = defineScreen('collections', {
  codec: path('/collections'),
  nav: { menu: 'header', label: 'collections.title', order: 1, activeFor: ['collection'] },
});
export const draw: Draw<'collections'> = (_, { session }) => <CollectionsScreen session={session} />;

/** Columns that the collection's own screen also shows give way on narrow screens. */
const WIDE = { display: { base: 'none', lg: 'table-cell' } } as const;

/** Collections (saved selections): mine, public ones and those shared with my groups, with every field of R-COLLECTION-FIELDS. */
export function CollectionsScreen({ session }: { session: SessionView }) {
  const { t, language } = usePreferences();
  const collections = useCollections();
  const groups = useShareGroups();
  const list = useEditableList<Collection>({
    editor: (collection, close) => (
      <CollectionEditor
        collection={collection}
        owner={!collection || ownsCollection(collection, session)}
        onClose={close}
      />
    ),
    nameOf: (collection) => collection.name,
    editLabel: (collection) => t('collections.editTitle', { name: collection.name }),
    mayEdit: (collection) => mayChangeCollection(collection, session),
    mayDelete: (collection) => ownsCollection(collection, session),
    remove: {
      run: (collection) => api.call(deleteCollection, { params: { id: collection.id } }),
      body: (collection) => t('collections.deleteConfirm', { name: collection.name }),
      refresh: [ASSET_KEYS.collections],
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
            <Button colorPalette="teal" onClick={list.create}>
              {t('collections.new')}
            </Button>
          )
        }
      />
      <ListSection
        query={collections}
        empty={t('collections.empty')}
        emptyDescription={t('collections.emptyHint')}
        label={t('collections.title')}
        rowKey={(collection) => collection.id}
        rowProps={(collection) => ({ 'data-collection': collection.name }) as object}
        columns={[
          {
            header: t('field.name'),
            cell: (collection) => (
              <>
                <Link to={{ name: 'collection', id: collection.id }} fontWeight="medium">
                  {collection.name}
                </Link>
                {collection.description && <VisuallyHidden>{`: ${collection.description}`}</VisuallyHidden>}
              </>
            ),
          },
          { header: t('collections.owner'), cell: (collection) => collection.owner },
          {
            header: t('collections.sharedWith'),
            cell: (collection) => groupName(collection.sharedWithGroupId),
            props: WIDE,
          },
          {
            header: t('collections.visibility'),
            cell: (collection) => (
              <Badge colorPalette={collection.public ? 'teal' : 'gray'}>
                {t(collection.public ? 'collections.public' : 'collections.private')}
              </Badge>
            ),
          },
          {
            header: t('collections.modifiable'),
            cell: (collection) => yesNo(collection.modifiable),
            props: WIDE,
          },
          { header: t('collections.bundle'), cell: (collection) => yesNo(collection.bundle), props: WIDE },
          {
            header: t('collections.expiry'),
            cell: (collection) =>
              collection.expiresAt ? formatDay(collection.expiresAt, language) : t('app.never'),
            props: { whiteSpace: 'nowrap' },
          },
          {
            header: t('collections.assets'),
            cell: (collection) => collection.assetCount,
            props: { textAlign: 'end' },
          },
        ]}
        actions={(collection) => (
          <>
            <RowButton
              text={t('collections.open')}
              label={t('collections.openNamed', { name: collection.name })}
              onClick={() => navigate({ name: 'collection', id: collection.id })}
            />
            {list.buttons(collection)}
          </>
        )}
      >
        {list.dialogs}
      </ListSection>
    </Stack>
  );
}

declare module '../../router/routes.ts' {
  interface Screens extends ScreenEntry<typeof screen> {}
}
