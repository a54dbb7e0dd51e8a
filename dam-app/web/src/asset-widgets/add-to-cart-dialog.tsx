import { addCartAssets, createCart } from '../../../api/contract/working-sets-endpoints.ts';
import { CART_MAX_ASSETS, cartNameSchema } from '../../../api/working-sets.ts';
import { api } from '../api/api-client.ts';
import { usePreferences } from '../app/preferences.tsx';
import { toaster } from '../app/toaster.tsx';
import { PickOrCreateDialog } from '../kit/pick-or-create-dialog.tsx';
import { useRefresh } from '../kit/use-refresh.ts';
import { ASSET_KEYS, useCarts } from '../screens/assets/asset-queries.ts';
import type { AssetDialogProps } from './asset-dialog-props.ts';

/** Add to cart: one of my carts, or a new one (its name required and unique, R-CART-NAME); the first 1000 go in. */
export function AddToCartDialog({ assetIds, open, onClose }: AssetDialogProps) {
  const { t, message } = usePreferences();
  const refresh = useRefresh();
  const carts = useCarts();
  return (
    <PickOrCreateDialog
      open={open}
      title={t('carts.addTitle')}
      submitLabel={t('carts.add')}
      intro={t('carts.addIntro', { count: assetIds.length, max: CART_MAX_ASSETS })}
      pickLabel={t('carts.cart')}
      name="cart"
      newOption={t('carts.newOption')}
      nameLabel={t('carts.name')}
      choices={carts.data ?? []}
      choiceLabel={(cart) => t('carts.option', { name: cart.name, count: cart.assetCount })}
      loading={carts.isPending}
      loadError={carts.error}
      disabled={assetIds.length === 0}
      nameSchema={cartNameSchema}
      add={async (picked, name) => {
        const cart = picked ?? (await api.call(createCart, { body: { name } }));
        const added = await api.call(addCartAssets, {
          params: { id: cart.id },
          body: { ids: [...assetIds] },
        });
        return { cart, added };
      }}
      onAdded={({ cart, added }) => {
        refresh([ASSET_KEYS.carts, ASSET_KEYS.cartAssets(cart.id)]);
        toaster.create({ type: 'success', title: t('carts.added', { count: added.added, name: cart.name }) });
        for (const notice of added.notices) toaster.create({ type: 'warning', title: message(notice) });
      }}
      onClose={onClose}
    />
  );
}
