import { Button, DataList, HStack, Stack } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { SessionView } from '../../../../api/accounts.ts';
import { removeCollectionAssets } from '../../../../api/contract/working-sets-endpoints.ts';
import { api } from '../../api/api-client.ts';
import { usePreferences } from '../../app/preferences.tsx';
import { toaster, useFailureToast } from '../../app/toaster.tsx';
import { AddToCartDialog } from '../../asset-widgets/add-to-cart-dialog.tsx';
import { mayShareExternally } from '../../asset-widgets/asset-access.ts';
import { BulkEditDialog } from '../../asset-widgets/bulk-edit-dialog.tsx';
import { ContactSheetDialog } from '../../asset-widgets/contact-sheet-dialog.tsx';
import { MoveCopyDialog } from '../../asset-widgets/move-copy-dialog.tsx';
import { ErrorAlert, ListSkeleton } from '../../components/feedback.tsx';
import { formatDay } from '../../components/format-day.ts';
import { Link } from '../../components/link.tsx';
import { ScreenHeader } from '../../components/screen-header.tsx';
import { defineScreen } from '../../router/define-screen.ts';
import { path } from '../../router/route-codec.ts';
import type { Draw, ScreenEntry } from '../../router/routes.ts';
import { ASSET_KEYS, useCollectionAssets, useCollections } from '../assets/asset-queries.ts';
import { useBrowseExtensions } from '../browse/browse-extensions.tsx';
import { FollowButton } from '../notifications/follow-button.tsx';
import { ShareDialog } from '../shares/share-dialog.tsx';
import { AssetList } from './asset-table.tsx';
import { CollectionEditor } from './collection-editor.tsx';
import { mayChangeCollection, ownsCollection, useShareGroups } from './collection-queries.ts';

export const screen = defineScreen('collection', { codec: path<{ id: number }>('/collections/:id') });
export const draw: Draw<'collection'> = (route, { session }) => (
  <CollectionScreen key={route.id} session={session} id={route.id} />
);

type Open = 'edit' | 'cart' | 'contact-sheet' | 'bulk-edit' | 'move' | 'share' | null;

/** One collection: its fields, its assets, and what can be done with them. */
export function CollectionScreen({ session, id }: { session: SessionView; id: number }) {
  const { t, language, spec } = usePreferences();
  const client = useQueryClient();
  const collections = useCollections();
  const groups = useShareGroups();
  const assets = useCollectionAssets(id);
  const [selected, setSelected] = useState<number[]>([]);
  const [open, setOpen] = useState<Open>(null);
  const collection = collections.data?.find((each) => each.id === id);
  const fail = useFailureToast();
  const extensions = useBrowseExtensions();
  const remove = useMutation({
    mutationFn: (ids: number[]) => api.call(removeCollectionAssets, { params: { id }, body: { ids } }),
    onSuccess: (_, ids) => {
      setSelected([]);
      void client.invalidateQueries({ queryKey: ASSET_KEYS.collectionAssets(id) });
      void client.invalidateQueries({ queryKey: ASSET_KEYS.collections });
      toaster.create({ type: 'success', title: t('collections.removed', { count: ids.length }) });
    },
    onError: fail,
  });
  if (collections.isPending) return <ListSkeleton />;
  if (collections.isError) return <ErrorAlert error={collections.error} />;
  if (!collection) return <ErrorAlert error={spec('collectionNotFound')} />;
  const ids = assets.data?.items.map((asset) => asset.id) ?? [];
  const acting = selected.length ? selected : ids;
  const changeable = mayChangeCollection(collection, session);
  const close = () => setOpen(null);
  const group =
    collection.sharedWithGroupId === null
      ? '—'
      : (groups.data?.find((each) => each.id === collection.sharedWithGroupId)?.name ??
        t('collections.groupN', { id: collection.sharedWithGroupId }));
  const fields: [string, string][] = [
    [t('field.description'), collection.description || '—'],
    [t('collections.owner'), collection.owner],
    [t('collections.sharedWith'), group],
    [t('collections.visibility'), t(collection.public ? 'collections.public' : 'collections.private')],
    [t('collections.modifiable'), t(collection.modifiable ? 'app.yes' : 'app.no')],
    [t('collections.bundle'), t(collection.bundle ? 'app.yes' : 'app.no')],
    [
      t('collections.expiry'),
      collection.expiresAt ? formatDay(collection.expiresAt, language) : t('app.never'),
    ],
  ];
  return (
    <Stack gap="4">
      <ScreenHeader
        title={collection.name}
        intro={<Link to={{ name: 'collections' }}>{t('collections.all')}</Link>}
        actions={
          <HStack gap="2" wrap="wrap">
            <FollowButton target="collection" id={collection.id} />
            {/* A bundle goes home whole (R-BUNDLE): Rapid Download through the loading dock, as a cart does. */}
            {collection.bundle &&
              extensions.bundleMenuItems(collection).map((item) => (
                <Button
                  key={item.id}
                  colorPalette="teal"
                  data-entry={item.id}
                  onClick={item.onSelect}
                  disabled={item.disabled}
                >
                  {item.label}
                </Button>
              ))}
            {changeable && (
              <Button variant="outline" onClick={() => setOpen('edit')}>
                {t('app.edit')}
              </Button>
            )}
          </HStack>
        }
      />
      <DataList.Root orientation="horizontal" size="sm">
        {fields.map(([label, value]) => (
          <DataList.Item key={label}>
            <DataList.ItemLabel minWidth="32">{label}</DataList.ItemLabel>
            <DataList.ItemValue>{value}</DataList.ItemValue>
          </DataList.Item>
        ))}
      </DataList.Root>
      <AssetList
        query={assets}
        empty={t('collections.collectionEmpty')}
        emptyDescription={t('collections.collectionEmptyHint')}
        selected={selected}
        onSelect={setSelected}
        label={t('collections.assetsOf', { name: collection.name })}
        toolbar={
          <>
            <Button size="sm" variant="outline" onClick={() => setOpen('cart')}>
              {selected.length ? t('carts.addSelected', { count: selected.length }) : t('carts.addAll')}
            </Button>
            <Button size="sm" variant="outline" onClick={() => setOpen('contact-sheet')}>
              {t('contactSheet.menu')}
            </Button>
            {mayShareExternally(session) && (
              <Button
                size="sm"
                variant="outline"
                disabled={acting.length === 0}
                onClick={() => setOpen('share')}
              >
                {t('shares.menu')}
              </Button>
            )}
            <Button size="sm" variant="outline" onClick={() => setOpen('bulk-edit')}>
              {t('bulkEdit.menu')}
            </Button>
            <Button
              size="sm"
              variant="outline"
              disabled={selected.length === 0}
              onClick={() => setOpen('move')}
            >
              {t('moveCopy.menu')}
            </Button>
            {changeable && (
              <Button
                size="sm"
                variant="outline"
                colorPalette="red"
                disabled={selected.length === 0}
                loading={remove.isPending}
                onClick={() => remove.mutate(selected)}
              >
                {t('collections.removeSelected', { count: selected.length })}
              </Button>
            )}
          </>
        }
      />
      {open === 'edit' && (
        <CollectionEditor
          collection={collection}
          owner={ownsCollection(collection, session)}
          onClose={close}
        />
      )}
      {open === 'cart' && <AddToCartDialog assetIds={acting} open onClose={close} />}
      {open === 'contact-sheet' && <ContactSheetDialog assetIds={acting} open onClose={close} />}
      {open === 'bulk-edit' && <BulkEditDialog assetIds={acting} open onClose={close} />}
      {open === 'move' && <MoveCopyDialog assetIds={selected} open onClose={close} />}
      {open === 'share' && (
        <ShareDialog
          source={selected.length ? { ids: selected } : { collectionId: collection.id }}
          name={collection.name}
          onClose={close}
        />
      )}
    </Stack>
  );
}

declare module '../../router/routes.ts' {
  interface Screens extends ScreenEntry<typeof screen> {}
}
