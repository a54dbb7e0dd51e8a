import { Checkbox } from '@chakra-ui/react';
import { type SearchRequest, saveSearchSchema } from '../../../../api/search.ts';
import { usePreferences } from '../../app/preferences.tsx';
import { toaster } from '../../app/toaster.tsx';
import { ErrorAlert } from '../../components/feedback.tsx';
import { FormField } from '../../components/form-field.tsx';
import { useForm } from '../../components/use-form.ts';
import { ActionDialog } from '../../kit/action-dialog.tsx';
import { useSaveSearch } from './saved-search-queries.ts';

/** Save the search shown: name (required, unique per person), description, public. */
export function SaveSearchDialog({ query, onClose }: { query: SearchRequest; onClose(): void }) {
  const { t } = usePreferences();
  const form = useForm({ name: '', description: '', public: false });
  const save = useSaveSearch();
  const submit = () => {
    const body = form.check(saveSearchSchema, { ...form.values, query });
    if (!body) return;
    save.mutate(body, {
      onSuccess: (saved) => {
        toaster.create({ type: 'success', title: t('app.savedItem', { name: saved.name }) });
        onClose();
      },
      onError: form.fail,
    });
  };
  return (
    <ActionDialog
      open
      closeButton={false}
      title={t('search.saveTitle')}
      submitLabel={t('app.save')}
      busy={save.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <ErrorAlert error={form.formError} />
      <FormField {...form.field('name')} label={t('search.savedName')} required autoFocus />
      <FormField {...form.field('description')} label={t('search.savedDescription')} multiline />
      <Checkbox.Root
        checked={form.values.public}
        onCheckedChange={(details) => form.set('public', details.checked === true)}
      >
        <Checkbox.HiddenInput name="public" />
        <Checkbox.Control />
        <Checkbox.Label>{t('search.savedPublic')}</Checkbox.Label>
      </Checkbox.Root>
    </ActionDialog>
  );
}
