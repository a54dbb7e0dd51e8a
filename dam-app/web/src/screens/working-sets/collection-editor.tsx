import { Checkbox, Field, HStack, Input, RadioGroup } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { createCollection, updateCollection } from '../../../../api/contract/working-sets-endpoints.ts';
import { saveCollectionSchema } from '../../../../api/working-sets.ts';
import { api } from '../../api/api-client.ts';
import { usePreferences } from '../../app/preferences.tsx';
import { toaster } from '../../app/toaster.tsx';
import { ErrorAlert } from '../../components/feedback.tsx';
import { FormField } from '../../components/form-field.tsx';
import { SelectField } from '../../components/select-field.tsx';
import { useForm } from '../../components/use-form.ts';
import { EditorDrawer } from '../../kit/editor-drawer.tsx';
import { ASSET_KEYS } from '../assets/asset-queries.ts';
import { type Collection, dateToExpiry, expiryToDate, useShareGroups } from './collection-queries.ts';

/**
 * Create or edit a collection with every field of R-COLLECTION-FIELDS: name, description, shared with (group), modifiable,
 * private or public, bundle, expiry. Someone who is not the owner changes only name and description.
 */
export function CollectionEditor({
  collection,
  owner,
  onSaved,
  onClose,
}: {
  collection?: Collection;
  owner: boolean;
  onSaved?(saved: Collection): void;
  onClose(): void;
}) {
  const { t } = usePreferences();
  const client = useQueryClient();
  const groups = useShareGroups();
  const form = useForm(
    {
      name: collection?.name ?? '',
      description: collection?.description ?? '',
      sharedWithGroupId: collection?.sharedWithGroupId ?? null,
      modifiable: collection?.modifiable ?? false,
      public: collection?.public ?? false,
      bundle: collection?.bundle ?? false,
      expiry: expiryToDate(collection?.expiresAt ?? null),
    },
    { guard: true },
  );
  const save = useMutation({
    mutationFn: (body: z.output<typeof saveCollectionSchema>) =>
      collection
        ? api.call(updateCollection, { params: { id: collection.id }, body })
        : api.call(createCollection, { body }),
    onSuccess: (saved) => {
      form.markSaved();
      void client.invalidateQueries({ queryKey: ASSET_KEYS.collections });
      toaster.create({ type: 'success', title: t('app.savedItem', { name: saved.name }) });
      onSaved?.(saved);
      onClose();
    },
    onError: form.fail,
  });
  const { expiry, ...rest } = form.values;
  const submit = () => {
    const body = { ...rest, expiresAt: dateToExpiry(expiry) };
    const checked = form.check(saveCollectionSchema, body);
    if (checked) save.mutate(checked);
  };
  const ownerOnly = !owner;
  return (
    <EditorDrawer
      open
      title={collection ? t('collections.editTitle', { name: collection.name }) : t('collections.new')}
      submitLabel={collection ? t('app.save') : t('app.create')}
      busy={save.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <ErrorAlert error={form.formError} />
      <FormField {...form.field('name')} label={t('field.name')} required />
      <FormField
        label={t('field.description')}
        name="description"
        multiline
        rows={3}
        value={form.values.description}
        onValue={(value) => form.set('description', value)}
      />
      <SelectField
        label={t('collections.sharedWith')}
        disabled={ownerOnly}
        name="sharedWithGroupId"
        value={form.values.sharedWithGroupId ?? ''}
        onValue={(id) => form.set('sharedWithGroupId', id ? Number(id) : null)}
        none={t('collections.noGroup')}
        choices={(groups.data ?? []).map((group) => ({ value: group.id, label: group.name }))}
      />
      <Field.Root disabled={ownerOnly}>
        <Field.Label id="visibility-label">{t('collections.visibility')}</Field.Label>
        <RadioGroup.Root
          aria-labelledby="visibility-label"
          value={form.values.public ? 'public' : 'private'}
          onValueChange={(details) => form.set('public', details.value === 'public')}
          size="sm"
          disabled={ownerOnly}
        >
          <HStack gap="5">
            {(['private', 'public'] as const).map((each) => (
              <RadioGroup.Item key={each} value={each}>
                <RadioGroup.ItemHiddenInput />
                <RadioGroup.ItemIndicator />
                <RadioGroup.ItemText>{t(`collections.${each}`)}</RadioGroup.ItemText>
              </RadioGroup.Item>
            ))}
          </HStack>
        </RadioGroup.Root>
      </Field.Root>
      {(['modifiable', 'bundle'] as const).map((key) => (
        <Checkbox.Root
          key={key}
          checked={form.values[key]}
          disabled={ownerOnly}
          onCheckedChange={(details) => form.set(key, details.checked === true)}
          size="sm"
        >
          <Checkbox.HiddenInput name={key} />
          <Checkbox.Control />
          <Checkbox.Label>{t(`collections.${key}Label`)}</Checkbox.Label>
        </Checkbox.Root>
      ))}
      <Field.Root invalid={form.errors.expiresAt !== undefined} disabled={ownerOnly}>
        <Field.Label>{t('collections.expiry')}</Field.Label>
        <Input
          type="date"
          name="expiry"
          value={form.values.expiry}
          onChange={(event) => form.set('expiry', event.target.value)}
          aria-invalid={form.errors.expiresAt !== undefined}
        />
        {form.errors.expiresAt ? (
          <Field.ErrorText>{form.errors.expiresAt}</Field.ErrorText>
        ) : (
          <Field.HelperText>{t('collections.expiryHint')}</Field.HelperText>
        )}
      </Field.Root>
    </EditorDrawer>
  );
}
