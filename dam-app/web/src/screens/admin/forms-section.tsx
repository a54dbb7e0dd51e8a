import { deleteForm } from '../../../../api/contract/forms-endpoints.ts';
import type { Form } from '../../../../api/forms.ts';
import { api } from '../../api/api-client.ts';
import { usePreferences } from '../../app/preferences.tsx';
import { ListSection } from '../../kit/list-section.tsx';
import { RowButton } from '../../kit/row-button.tsx';
import { useConfirm } from '../../kit/use-confirm.tsx';
import { useEditing } from '../../kit/use-editing.ts';
import { useRefresh } from '../../kit/use-refresh.ts';
import { FormBuilder } from './form-builder.tsx';
import { FORM_KEYS, useFormFolders, useForms } from './forms-queries.ts';

/** Metadata forms (R-FORMS): each with its tabs, fields, rules and the folders and uses it is assigned to. */
export function FormsSection() {
  const { t } = usePreferences();
  const refresh = useRefresh();
  const forms = useForms();
  const folders = useFormFolders();
  const editing = useEditing<Form>();
  const folderPath = (id: number) => folders.data?.find((folder) => folder.id === id)?.path ?? `#${id}`;
  const remove = useConfirm({
    run: (form: Form) => api.call(deleteForm, { params: { id: form.id } }),
    done: () => refresh([FORM_KEYS.forms, FORM_KEYS.dictionaries]),
    title: t('app.delete'),
    body: (form) => t('admin.formDeleteConfirm', { name: form.name }),
    confirmLabel: t('app.delete'),
  });
  return (
    <ListSection
      create={{ label: t('admin.newForm'), onClick: editing.create }}
      query={forms}
      empty={t('admin.formsEmpty')}
      rowKey={(form) => form.id}
      columns={[
        { header: t('field.name'), cell: (form) => form.name, props: { fontWeight: 'medium' } },
        {
          header: t('form.tabs'),
          cell: (form) =>
            t('form.shape', {
              tabs: form.tabs.length,
              fields: form.tabs.reduce((sum, tab) => sum + tab.fields.length, 0),
              rules: form.rules.length,
            }),
        },
        {
          header: t('form.usedIn'),
          cell: (form) =>
            form.assignments
              .map((each) => `${folderPath(each.folderId)} (${t(`form.use.${each.use}`)})`)
              .join(', '),
        },
      ]}
      actions={(form) => (
        <>
          <RowButton
            text={t('app.edit')}
            label={t('admin.editForm', { name: form.name })}
            onClick={() => editing.edit(form)}
          />
          <RowButton
            danger
            text={t('app.delete')}
            label={`${t('app.delete')} ${form.name}`}
            onClick={() => remove.ask(form)}
          />
        </>
      )}
    >
      {editing.open && <FormBuilder key={editing.key} form={editing.item} onClose={editing.close} />}
      {remove.dialog}
    </ListSection>
  );
}
