import type { z } from 'zod';
import { createCart, renameCart } from '../../../../api/contract/working-sets-endpoints.ts';
import { cartNameSchema, type cartSchema } from '../../../../api/working-sets.ts';
import { api } from '../../api/api-client.ts';
import { usePreferences } from '../../app/preferences.tsx';
import { toaster } from '../../app/toaster.tsx';
import { NameDialog } from '../../kit/name-dialog.tsx';
import { useRefresh } from '../../kit/use-refresh.ts';
import { ASSET_KEYS } from '../assets/asset-queries.ts';

type Cart = z.infer<typeof cartSchema>;

/** Create a cart, or rename one: the name is required and unique among my carts (R-CART-NAME). */
export function CartNameDialog({
  cart,
  onSaved,
  onClose,
}: {
  cart?: Cart | undefined;
  onSaved(cart: Cart): void;
  onClose(): void;
}) {
  const { t } = usePreferences();
  const refresh = useRefresh();
  return (
    <NameDialog
      title={cart ? t('carts.renameTitle', { name: cart.name }) : t('carts.new')}
      submitLabel={cart ? t('app.save') : t('app.create')}
      label={t('carts.name')}
      initial={cart?.name ?? ''}
      schema={cartNameSchema}
      save={(body) =>
        cart ? api.call(renameCart, { params: { id: cart.id }, body }) : api.call(createCart, { body })
      }
      onSaved={(saved) => {
        refresh([ASSET_KEYS.carts]);
        toaster.create({ type: 'success', title: t('app.savedItem', { name: saved.name }) });
        onSaved(saved);
      }}
      onClose={onClose}
    />
  );
}
