import { Field, NativeSelect, Text } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { addedSchema, collectionSchema, saveCollectionSchema } from '../../../api/working-sets.ts';
import { api } from '../api/api-client.ts';
import { useSession } from '../api/session.ts';
import { usePreferences } from '../app/preferences.tsx';
import { toaster } from '../app/toaster.tsx';
import { ErrorAlert, Notice } from '../components/feedback.tsx';
import { FormField } from '../components/form-field.tsx';
import { useForm } from '../components/use-form.ts';
import { ActionDialog } from '../kit/action-dialog.tsx';
import { ASSET_KEYS, useCollections } from '../screens/assets/asset-queries.ts';
import { mayModifyCollections } from './asset-access.ts';

const NEW = 'new';

/** Add to collection: one I may change (mine, or a modifiable one), or a new private one by name. */
export function AddToCollectionDialog({
  assetIds,
  open,
  onClose,
}: {
  assetIds: readonly number[];
  open: boolean;
  onClose(): void;
}) {
  const { t, spec } = usePreferences();
  const client = useQueryClient();
  const session = useSession().data?.session;
  const collections = useCollections();
  const changeable = (collections.data ?? []).filter(
    (each) => each.owner === session?.user.username || each.modifiable,
  );
  const [picked, setPicked] = useState<string | undefined>();
  const choice = picked ?? (changeable[0] ? String(changeable[0].id) : NEW);
  const form = useForm({ name: '' });
  const allowed = session ? mayModifyCollections(session) : false;
  const add = useMutation({
    mutationFn: async () => {
      let collection = changeable.find((each) => String(each.id) === choice);
      if (!collection)
        collection = await api.post(
          '/collections',
          collectionSchema,
          saveCollectionSchema.parse(form.values),
        );
      const added = await api.post(`/collections/${collection.id}/assets`, addedSchema, {
        ids: [...assetIds],
      });
      return { collection, added };
    },
    onSuccess: ({ collection, added }) => {
      void client.invalidateQueries({ queryKey: ASSET_KEYS.collections });
      void client.invalidateQueries({ queryKey: ASSET_KEYS.collectionAssets(collection.id) });
      toaster.create({
        type: 'success',
        title: t('collections.added', { count: added.added, name: collection.name }),
      });
      onClose();
    },
    onError: form.fail,
  });
  const submit = () => {
    if (choice === NEW && !form.check(saveCollectionSchema, form.values)) return;
    add.mutate();
  };
  return (
    <ActionDialog
      open={open}
      title={t('collections.addTitle')}
      submitLabel={t('collections.add')}
      busy={add.isPending}
      disabled={!allowed || assetIds.length === 0 || collections.isPending}
      onSubmit={submit}
      onClose={onClose}
      size="sm"
    >
      {!allowed && <Notice status="warning">{spec('noPermission')}</Notice>}
      <Text>{t('collections.addIntro', { count: assetIds.length })}</Text>
      <ErrorAlert error={form.formError ?? collections.error ?? undefined} />
      <Field.Root>
        <Field.Label>{t('collections.collection')}</Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field
            name="collection"
            value={choice}
            onChange={(event) => setPicked(event.target.value)}
          >
            {changeable.map((collection) => (
              <option key={collection.id} value={String(collection.id)}>
                {t('carts.option', { name: collection.name, count: collection.assetCount })}
              </option>
            ))}
            <option value={NEW}>{t('collections.newOption')}</option>
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      {choice === NEW && (
        <FormField
          label={t('field.name')}
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
