import { Field, NativeSelect, Text } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { addCartAssets, createCart } from '../../../../api/contract/working-sets-endpoints.ts';
import { CART_MAX_ASSETS, cartNameSchema } from '../../../../api/working-sets.ts';
import { api } from '../../api/api-client.ts';
import { usePreferences } from '../../app/preferences.tsx';
import { toaster } from '../../app/toaster.tsx';
import { ErrorAlert } from '../../components/feedback.tsx';
import { FormField } from '../../components/form-field.tsx';
import { useForm } from '../../components/use-form.ts';
import { ActionDialog } from './action-dialog.tsx';
import { ASSET_KEYS, useCarts } from './asset-queries.ts';

const NEW = 'new';

/** Add to cart: one of my carts, or a new one (its name required and unique, R-CART-NAME); the first 1000 go in. */
export function AddToCartDialog({
  assetIds,
  open,
  onClose,
}: {
  assetIds: readonly number[];
  open: boolean;
  onClose(): void;
}) {
  const { t, message } = usePreferences();
  const client = useQueryClient();
  const carts = useCarts();
  const [picked, setPicked] = useState<string | undefined>();
  const choice = picked ?? (carts.data?.[0] ? String(carts.data[0].id) : NEW);
  const form = useForm({ name: '' });
  const add = useMutation({
    mutationFn: async () => {
      let cart = carts.data?.find((each) => String(each.id) === choice);
      if (!cart) cart = await api.call(createCart, { body: { name: form.values.name } });
      const added = await api.call(addCartAssets, { params: { id: cart.id }, body: { ids: [...assetIds] } });
      return { cart, added };
    },
    onSuccess: ({ cart, added }) => {
      void client.invalidateQueries({ queryKey: ASSET_KEYS.carts });
      void client.invalidateQueries({ queryKey: ASSET_KEYS.cartAssets(cart.id) });
      toaster.create({ type: 'success', title: t('carts.added', { count: added.added, name: cart.name }) });
      for (const notice of added.notices) toaster.create({ type: 'warning', title: message(notice) });
      onClose();
    },
    onError: form.fail,
  });
  const submit = () => {
    if (choice === NEW && !form.check(cartNameSchema, form.values)) return;
    add.mutate();
  };
  return (
    <ActionDialog
      open={open}
      title={t('carts.addTitle')}
      submitLabel={t('carts.add')}
      busy={add.isPending}
      disabled={assetIds.length === 0 || carts.isPending}
      onSubmit={submit}
      onClose={onClose}
      size="sm"
    >
      <Text>{t('carts.addIntro', { count: assetIds.length, max: CART_MAX_ASSETS })}</Text>
      <ErrorAlert error={form.formError ?? carts.error ?? undefined} />
      <Field.Root>
        <Field.Label>{t('carts.cart')}</Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field name="cart" value={choice} onChange={(event) => setPicked(event.target.value)}>
            {carts.data?.map((cart) => (
              <option key={cart.id} value={String(cart.id)}>
                {t('carts.option', { name: cart.name, count: cart.assetCount })}
              </option>
            ))}
            <option value={NEW}>{t('carts.newOption')}</option>
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      {choice === NEW && (
        <FormField
          label={t('carts.name')}
          name="name"
          value={form.values.name}
          onValue={(value) => form.set('name', value)}
          error={form.errors.name}
          required
        />
      )}
    </ActionDialog>
  );
}
