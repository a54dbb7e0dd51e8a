import { Badge, Code, Text, Wrap } from '@chakra-ui/react';
import type { z } from 'zod';
import type { Permission } from '../../../../api/accounts.ts';
import { type aclSchema, saveAclSchema } from '../../../../api/admin.ts';
import { createAcl, deleteAcl, updateAcl } from '../../../../api/contract/admin-endpoints.ts';
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
import { ADMIN_KEYS, useAdminAcls, useAdminGroups, useAdminUsers } from './admin-queries.ts';
import { permissionOptions } from './permission-options.ts';

type Acl = z.infer<typeof aclSchema>;

/** ACLs: a root path, the permissions of R-PERMISSIONS (their names as the spec spells them) and the holders. */
export function AclsSection() {
  const { t } = usePreferences();
  const acls = useAdminAcls();
  const users = useAdminUsers();
  const groups = useAdminGroups();
  const list = useEditableList<Acl>({
    editor: (acl, close) => <AclEditor acl={acl} onClose={close} />,
    nameOf: (acl) => acl.name,
    editLabel: (acl) => t('admin.editAcl', { name: acl.name }),
    remove: {
      run: (acl) => api.call(deleteAcl, { params: { id: acl.id } }),
      body: (acl) => t('admin.aclDeleteConfirm', { name: acl.name }),
      refresh: [ADMIN_KEYS.acls],
    },
  });
  const userName = new Map(users.data?.map((user) => [user.id, user.username]));
  const groupName = new Map(groups.data?.map((group) => [group.id, group.name]));
  const holders = (acl: Acl) =>
    [...acl.groupIds.map((id) => groupName.get(id)), ...acl.userIds.map((id) => userName.get(id))]
      .filter(Boolean)
      .join(', ');
  return (
    <ListSection
      create={{ label: t('admin.newAcl'), onClick: list.create }}
      query={acls}
      empty={t('admin.aclsEmpty')}
      rowKey={(acl) => acl.id}
      columns={[
        { header: t('field.name'), cell: (acl) => acl.name, props: { fontWeight: 'medium' } },
        { header: t('field.rootPath'), cell: (acl) => <Code>{acl.rootPath || '/'}</Code> },
        {
          header: t('field.permissions'),
          cell: (acl) => (
            <Wrap gap="1">
              {acl.permissions.map((permission) => (
                <Badge key={permission} variant="surface" colorPalette="teal">
                  {permission}
                </Badge>
              ))}
            </Wrap>
          ),
          props: { maxWidth: 'md' },
        },
        { header: t('admin.holders'), cell: (acl) => <Text fontSize="sm">{holders(acl)}</Text> },
      ]}
      actions={list.buttons}
    >
      {list.dialogs}
    </ListSection>
  );
}

function AclEditor({ acl, onClose }: { acl?: Acl | undefined; onClose(): void }) {
  const { t } = usePreferences();
  const users = useAdminUsers();
  const groups = useAdminGroups();
  const form = useForm(
    {
      name: acl?.name ?? '',
      rootPath: acl?.rootPath ?? '',
      permissions: acl?.permissions ?? ([] as Permission[]),
      userIds: acl?.userIds ?? [],
      groupIds: acl?.groupIds ?? [],
    },
    { guard: true },
  );
  const save = useSave({
    form,
    save: (body: z.input<typeof saveAclSchema>) =>
      acl ? api.call(updateAcl, { params: { id: acl.id }, body }) : api.call(createAcl, { body }),
    refresh: [ADMIN_KEYS.acls],
    nameOf: (saved) => saved.name,
    onSaved: onClose,
  });
  const submit = () => {
    if (form.check(saveAclSchema, form.values)) save.mutate(form.values);
  };
  return (
    <EditorDrawer
      open
      title={acl ? t('admin.editAcl', { name: acl.name }) : t('admin.newAcl')}
      busy={save.isPending}
      submitLabel={acl ? t('app.save') : t('app.create')}
      onSubmit={submit}
      onClose={onClose}
    >
      <ErrorAlert error={form.formError} />
      <FormField {...form.field('name')} label={t('field.name')} required />
      <FormField
        {...form.field('rootPath')}
        label={t('field.rootPath')}
        helper={t('admin.rootPathHint')}
        fontFamily="mono"
      />
      <CheckboxList
        legend={t('field.permissions')}
        options={permissionOptions(t)}
        selected={form.values.permissions}
        onChange={(permissions) => form.set('permissions', permissions)}
      />
      <CheckboxList
        legend={`${t('admin.holders')}: ${t('field.groups')}`}
        options={(groups.data ?? []).map((group) => ({ value: group.id, label: group.name }))}
        selected={form.values.groupIds}
        onChange={(ids) => form.set('groupIds', ids)}
      />
      <CheckboxList
        legend={`${t('admin.holders')}: ${t('field.users')}`}
        options={(users.data ?? []).map((user) => ({ value: user.id, label: user.username }))}
        selected={form.values.userIds}
        onChange={(ids) => form.set('userIds', ids)}
      />
    </EditorDrawer>
  );
}
