import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { createCart, renameCart } from '../../../../api/contract/working-sets-endpoints.ts';
import { cartNameSchema, type cartSchema } from '../../../../api/working-sets.ts';
import { api } from '../../api/api-client.ts';
import { usePreferences } from '../../app/preferences.tsx';
import { toaster } from '../../app/toaster.tsx';
import { ErrorAlert } from '../../components/feedback.tsx';
import { FormField } from '../../components/form-field.tsx';
import { useForm } from '../../components/use-form.ts';
import { ActionDialog } from '../assets/action-dialog.tsx';
import { ASSET_KEYS } from '../assets/asset-queries.ts';

type Cart = z.infer<typeof cartSchema>;

/** Create a cart, or rename one: the name is required and unique among my carts (R-CART-NAME). */
export function CartNameDialog({
  cart,
  onSaved,
  onClose,
}: {
  cart?: Cart;
  onSaved(cart: Cart): void;
  onClose(): void;
}) {
  const { t } = usePreferences();
  const client = useQueryClient();
  const form = useForm({ name: cart?.name ?? '' });
  const save = useMutation({
    mutationFn: (body: z.output<typeof cartNameSchema>) =>
      cart ? api.call(renameCart, { params: { id: cart.id }, body }) : api.call(createCart, { body }),
    onSuccess: (saved) => {
      void client.invalidateQueries({ queryKey: ASSET_KEYS.carts });
      toaster.create({ type: 'success', title: t('app.savedItem', { name: saved.name }) });
      onSaved(saved);
    },
    onError: form.fail,
  });
  const submit = () => {
    const body = form.check(cartNameSchema, form.values);
    if (body) save.mutate(body);
  };
  return (
    <ActionDialog
      open
      title={cart ? t('carts.renameTitle', { name: cart.name }) : t('carts.new')}
      submitLabel={cart ? t('app.save') : t('app.create')}
      busy={save.isPending}
      onSubmit={submit}
      onClose={onClose}
      size="sm"
    >
      <ErrorAlert error={form.formError} />
      <FormField
        label={t('carts.name')}
        name="name"
        value={form.values.name}
        onValue={(value) => form.set('name', value)}
        error={form.errors.name}
        required
        autoFocus
      />
    </ActionDialog>
  );
}
