import { Badge, Button, Code, HStack, Stack, Table, Text, VisuallyHidden, Wrap } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { z } from 'zod';
import { okSchema, type Permission, permissionNames } from '../../../../api/accounts.ts';
import { aclSchema, saveAclSchema } from '../../../../api/admin.ts';
import { api } from '../../api/api-client.ts';
import { usePreferences } from '../../app/preferences.tsx';
import { toaster } from '../../app/toaster.tsx';
import { CheckboxList } from '../../components/checkbox-list.tsx';
import { EditorDrawer } from '../../components/editor-drawer.tsx';
import { ConfirmDialog, Empty, ErrorAlert, ListSkeleton } from '../../components/feedback.tsx';
import { FormField } from '../../components/form-field.tsx';
import { useForm } from '../../components/use-form.ts';
import { ADMIN_KEYS, useAdminAcls, useAdminGroups, useAdminUsers } from './admin-queries.ts';

type Acl = z.infer<typeof aclSchema>;

/** ACLs: a root path, the permissions of R-PERMISSIONS (their names as the spec spells them) and the holders. */
export function AclsSection() {
  const { t } = usePreferences();
  const client = useQueryClient();
  const acls = useAdminAcls();
  const users = useAdminUsers();
  const groups = useAdminGroups();
  const [editing, setEditing] = useState<Acl | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Acl | null>(null);
  const remove = useMutation({
    mutationFn: (id: number) => api.delete(`/admin/acls/${id}`, okSchema),
    onSuccess: () => {
      setDeleting(null);
      void client.invalidateQueries({ queryKey: ADMIN_KEYS.acls });
    },
  });
  const userName = new Map(users.data?.map((user) => [user.id, user.username]));
  const groupName = new Map(groups.data?.map((group) => [group.id, group.name]));
  return (
    <Stack gap="4">
      <HStack>
        <Button colorPalette="teal" onClick={() => setEditing('new')}>
          {t('admin.newAcl')}
        </Button>
      </HStack>
      {acls.isPending && <ListSkeleton />}
      {acls.isError && <ErrorAlert error={acls.error} />}
      {acls.data?.length === 0 && <Empty title={t('admin.aclsEmpty')} />}
      {acls.data && acls.data.length > 0 && (
        <Table.ScrollArea borderWidth="1px" rounded="md">
          <Table.Root size="sm">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('field.name')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('field.rootPath')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('field.permissions')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('admin.holders')}</Table.ColumnHeader>
                <Table.ColumnHeader>
                  <VisuallyHidden>{t('app.actions')}</VisuallyHidden>
                </Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {acls.data.map((acl) => (
                <Table.Row key={acl.id}>
                  <Table.Cell fontWeight="medium">{acl.name}</Table.Cell>
                  <Table.Cell>
                    <Code>{acl.rootPath || '/'}</Code>
                  </Table.Cell>
                  <Table.Cell maxWidth="md">
                    <Wrap gap="1">
                      {acl.permissions.map((permission) => (
                        <Badge key={permission} variant="surface" colorPalette="teal">
                          {permission}
                        </Badge>
                      ))}
                    </Wrap>
                  </Table.Cell>
                  <Table.Cell>
                    <Text fontSize="sm">
                      {[
                        ...acl.groupIds.map((id) => groupName.get(id)),
                        ...acl.userIds.map((id) => userName.get(id)),
                      ]
                        .filter(Boolean)
                        .join(', ')}
                    </Text>
                  </Table.Cell>
                  <Table.Cell textAlign="end">
                    <HStack justify="flex-end" gap="2">
                      <Button
                        size="xs"
                        variant="outline"
                        onClick={() => setEditing(acl)}
                        aria-label={t('admin.editAcl', { name: acl.name })}
                      >
                        {t('app.edit')}
                      </Button>
                      <Button
                        size="xs"
                        variant="outline"
                        colorPalette="red"
                        onClick={() => {
                          remove.reset();
                          setDeleting(acl);
                        }}
                        aria-label={`${t('app.delete')} ${acl.name}`}
                      >
                        {t('app.delete')}
                      </Button>
                    </HStack>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
      {editing && (
        <AclEditor
          key={editing === 'new' ? 'new' : editing.id}
          acl={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t('app.delete')}
        body={t('admin.aclDeleteConfirm', { name: deleting?.name ?? '' })}
        confirmLabel={t('app.delete')}
        busy={remove.isPending}
        error={remove.error}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}

function AclEditor({ acl, onClose }: { acl?: Acl; onClose(): void }) {
  const { t } = usePreferences();
  const client = useQueryClient();
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
  const save = useMutation({
    mutationFn: (body: z.input<typeof saveAclSchema>) =>
      acl ? api.put(`/admin/acls/${acl.id}`, aclSchema, body) : api.post('/admin/acls', aclSchema, body),
    onSuccess: (saved) => {
      form.markSaved();
      toaster.create({ type: 'success', title: t('app.savedItem', { name: saved.name }) });
      void client.invalidateQueries({ queryKey: ADMIN_KEYS.acls });
      onClose();
    },
    onError: form.fail,
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
      <FormField
        label={t('field.name')}
        value={form.values.name}
        onValue={(value) => form.set('name', value)}
        name="name"
        error={form.errors.name}
        required
      />
      <FormField
        label={t('field.rootPath')}
        value={form.values.rootPath}
        onValue={(value) => form.set('rootPath', value)}
        name="rootPath"
        error={form.errors.rootPath}
        helper={t('admin.rootPathHint')}
        fontFamily="mono"
      />
      <CheckboxList
        legend={t('field.permissions')}
        options={permissionNames.map((name) => ({ value: name, label: name }))}
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
