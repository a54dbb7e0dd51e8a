import { addCollectionAssets, createCollection } from '../../../api/contract/working-sets-endpoints.ts';
import { saveCollectionSchema } from '../../../api/working-sets.ts';
import { api } from '../api/api-client.ts';
import { useSession } from '../api/session.ts';
import { usePreferences } from '../app/preferences.tsx';
import { toaster } from '../app/toaster.tsx';
import { Notice } from '../components/feedback.tsx';
import { PickOrCreateDialog } from '../kit/pick-or-create-dialog.tsx';
import { useRefresh } from '../kit/use-refresh.ts';
import { ASSET_KEYS, useCollections } from '../screens/assets/asset-queries.ts';
import { mayModifyCollections } from './asset-access.ts';
import type { AssetDialogProps } from './asset-dialog-props.ts';

/** Add to collection: one I may change (mine, or a modifiable one), or a new private one by name. */
export function AddToCollectionDialog({ assetIds, open, onClose }: AssetDialogProps) {
  const { t, spec } = usePreferences();
  const refresh = useRefresh();
  const session = useSession().data?.session;
  const collections = useCollections();
  const changeable = (collections.data ?? []).filter(
    (each) => each.owner === session?.user.username || each.modifiable,
  );
  const allowed = session ? mayModifyCollections(session) : false;
  return (
    <PickOrCreateDialog
      open={open}
      title={t('collections.addTitle')}
      submitLabel={t('collections.add')}
      notice={!allowed && <Notice status="warning">{spec('noPermission')}</Notice>}
      intro={t('collections.addIntro', { count: assetIds.length })}
      pickLabel={t('collections.collection')}
      name="collection"
      newOption={t('collections.newOption')}
      nameLabel={t('field.name')}
      choices={changeable}
      choiceLabel={(each) => t('carts.option', { name: each.name, count: each.assetCount })}
      loading={collections.isPending}
      loadError={collections.error}
      disabled={!allowed || assetIds.length === 0}
      nameSchema={saveCollectionSchema}
      add={async (picked, name) => {
        const collection =
          picked ?? (await api.call(createCollection, { body: saveCollectionSchema.parse({ name }) }));
        const added = await api.call(addCollectionAssets, {
          params: { id: collection.id },
          body: { ids: [...assetIds] },
        });
        return { collection, added };
      }}
      onAdded={({ collection, added }) => {
        refresh([ASSET_KEYS.collections, ASSET_KEYS.collectionAssets(collection.id)]);
        toaster.create({
          type: 'success',
          title: t('collections.added', { count: added.added, name: collection.name }),
        });
      }}
      onClose={onClose}
    />
  );
}
