import type { z } from 'zod';
import { type groupSchema, saveGroupSchema } from '../../../../api/admin.ts';
import { createGroup, deleteGroup, updateGroup } from '../../../../api/contract/admin-endpoints.ts';
import { api } from '../../api/api-client.ts';
import { usePreferences } from '../../app/preferences.tsx';
import { CheckboxList } from '../../components/checkbox-list.tsx';
import { ErrorAlert } from '../../components/feedback.tsx';
import { FormField } from '../../components/form-field.tsx';
import { useForm } from '../../components/use-form.ts';
import { EditorDrawer } from '../../kit/editor-drawer.tsx';
import { ListSection } from '../../kit/list-section.tsx';
import { useEditableList } from '../../kit/use-editable-list.tsx';
import { useSave } from '../../kit/use-save.ts';
import { ADMIN_KEYS, useAdminGroups, useAdminUsers } from './admin-queries.ts';

type Group = z.infer<typeof groupSchema>;
const CHANGED = [ADMIN_KEYS.groups, ADMIN_KEYS.users];

/** Groups: name, description and members. */
export function GroupsSection() {
  const { t } = usePreferences();
  const groups = useAdminGroups();
  const list = useEditableList<Group>({
    editor: (group, close) => <GroupEditor group={group} onClose={close} />,
    nameOf: (group) => group.name,
    editLabel: (group) => t('admin.editGroup', { name: group.name }),
    remove: {
      run: (group) => api.call(deleteGroup, { params: { id: group.id } }),
      body: (group) => t('admin.groupDeleteConfirm', { name: group.name }),
      refresh: CHANGED,
    },
  });
  return (
    <ListSection
      create={{ label: t('admin.newGroup'), onClick: list.create }}
      query={groups}
      empty={t('admin.groupsEmpty')}
      rowKey={(group) => group.id}
      columns={[
        { header: t('field.name'), cell: (group) => group.name, props: { fontWeight: 'medium' } },
        { header: t('field.description'), cell: (group) => group.description },
        {
          header: t('field.members'),
          cell: (group) => t('admin.memberCount', { count: group.memberIds.length }),
        },
      ]}
      actions={list.buttons}
    >
      {list.dialogs}
    </ListSection>
  );
}

function GroupEditor({ group, onClose }: { group?: Group | undefined; onClose(): void }) {
  const { t } = usePreferences();
  const users = useAdminUsers();
  const form = useForm(
    { name: group?.name ?? '', description: group?.description ?? '', memberIds: group?.memberIds ?? [] },
    { guard: true },
  );
  const save = useSave({
    form,
    save: (body: z.input<typeof saveGroupSchema>) =>
      group ? api.call(updateGroup, { params: { id: group.id }, body }) : api.call(createGroup, { body }),
    refresh: CHANGED,
    nameOf: (saved) => saved.name,
    onSaved: onClose,
  });
  const submit = () => {
    if (form.check(saveGroupSchema, form.values)) save.mutate(form.values);
  };
  return (
    <EditorDrawer
      open
      title={group ? t('admin.editGroup', { name: group.name }) : t('admin.newGroup')}
      busy={save.isPending}
      submitLabel={group ? t('app.save') : t('app.create')}
      onSubmit={submit}
      onClose={onClose}
    >
      <ErrorAlert error={form.formError} />
      <FormField {...form.field('name')} label={t('field.name')} required />
      <FormField {...form.field('description')} label={t('field.description')} />
      <CheckboxList
        legend={t('field.members')}
        options={(users.data ?? []).map((user) => ({ value: user.id, label: user.username }))}
        selected={form.values.memberIds}
        onChange={(ids) => form.set('memberIds', ids)}
      />
    </EditorDrawer>
  );
}
