import {
  Badge,
  Button,
  Checkbox,
  Field,
  Flex,
  HStack,
  NativeSelect,
  Stack,
  Table,
  Text,
  VisuallyHidden,
} from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { z } from 'zod';
import {
  type adminUserSchema,
  createUserSchema,
  deleteUsersSchema,
  updateUserSchema,
} from '../../../../api/admin.ts';
import { createUser, deleteUsers, updateUser } from '../../../../api/contract/admin-endpoints.ts';
import { api } from '../../api/api-client.ts';
import { usePreferences } from '../../app/preferences.tsx';
import { toaster } from '../../app/toaster.tsx';
import { CheckboxList } from '../../components/checkbox-list.tsx';
import { EditorDrawer } from '../../components/editor-drawer.tsx';
import { ConfirmDialog, Empty, ErrorAlert, ListSkeleton } from '../../components/feedback.tsx';
import { FormField } from '../../components/form-field.tsx';
import { useForm } from '../../components/use-form.ts';
import { emptyProfile, ProfileFields, profileValues } from '../account/profile-fields.tsx';
import { ADMIN_KEYS, useAdminAcls, useAdminGroups, useAdminUsers } from './admin-queries.ts';

type AdminUser = z.infer<typeof adminUserSchema>;
type Editing = { mode: 'create' } | { mode: 'edit'; user: AdminUser };

/** Users: list, create, edit, delete a selection (the server refuses root, nologin and guest, in the spec's words). */
export function UsersSection() {
  const { t } = usePreferences();
  const client = useQueryClient();
  const users = useAdminUsers();
  const groups = useAdminGroups();
  const [selected, setSelected] = useState<number[]>([]);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [confirming, setConfirming] = useState(false);
  const remove = useMutation({
    mutationFn: (ids: number[]) => api.call(deleteUsers, { body: deleteUsersSchema.parse({ ids }) }),
    onSuccess: ({ deleted }) => {
      setConfirming(false);
      setSelected([]);
      toaster.create({ type: 'success', title: t('admin.deleted', { count: deleted }) });
      void client.invalidateQueries({ queryKey: ADMIN_KEYS.users });
    },
  });
  const groupName = new Map(groups.data?.map((group) => [group.id, group.name]));
  const all = users.data ?? [];
  const allSelected = all.length > 0 && selected.length === all.length;
  return (
    <Stack gap="4">
      <HStack gap="2" wrap="wrap">
        <Button colorPalette="teal" onClick={() => setEditing({ mode: 'create' })}>
          {t('admin.newUser')}
        </Button>
        <Button
          variant="outline"
          colorPalette="red"
          disabled={selected.length === 0}
          onClick={() => {
            remove.reset();
            setConfirming(true);
          }}
        >
          {t('admin.deleteSelected', { count: selected.length })}
        </Button>
      </HStack>
      {users.isPending && <ListSkeleton rows={6} />}
      {users.isError && <ErrorAlert error={users.error} />}
      {users.data?.length === 0 && <Empty title={t('admin.usersEmpty')} />}
      {all.length > 0 && (
        <Table.ScrollArea borderWidth="1px" rounded="md">
          <Table.Root size="sm" interactive>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader width="8">
                  <Checkbox.Root
                    size="sm"
                    checked={allSelected ? true : selected.length > 0 ? 'indeterminate' : false}
                    onCheckedChange={(details) =>
                      setSelected(details.checked === true ? all.map((user) => user.id) : [])
                    }
                  >
                    <Checkbox.HiddenInput aria-label={t('admin.selectAll')} />
                    <Checkbox.Control />
                  </Checkbox.Root>
                </Table.ColumnHeader>
                <Table.ColumnHeader>{t('field.username')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('field.name')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('field.email')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('field.status')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('field.groups')}</Table.ColumnHeader>
                <Table.ColumnHeader>
                  <VisuallyHidden>{t('app.actions')}</VisuallyHidden>
                </Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {all.map((user) => (
                <Table.Row key={user.id} data-selected={selected.includes(user.id) ? '' : undefined}>
                  <Table.Cell>
                    <Checkbox.Root
                      size="sm"
                      checked={selected.includes(user.id)}
                      onCheckedChange={(details) =>
                        setSelected((current) =>
                          details.checked === true
                            ? [...current, user.id]
                            : current.filter((id) => id !== user.id),
                        )
                      }
                    >
                      <Checkbox.HiddenInput aria-label={t('admin.select', { name: user.username })} />
                      <Checkbox.Control />
                    </Checkbox.Root>
                  </Table.Cell>
                  <Table.Cell fontWeight="medium">
                    <HStack gap="1.5">
                      <Text>{user.username}</Text>
                      {user.isAdmin && <Badge colorPalette="purple">{t('field.isAdmin')}</Badge>}
                      {user.special && <Badge>{t('admin.special')}</Badge>}
                    </HStack>
                  </Table.Cell>
                  <Table.Cell>
                    {[user.profile.firstName, user.profile.lastName].filter(Boolean).join(' ')}
                  </Table.Cell>
                  <Table.Cell>{user.profile.email}</Table.Cell>
                  <Table.Cell>
                    <Badge
                      colorPalette={
                        user.status === 'active' ? 'green' : user.status === 'pending' ? 'orange' : 'gray'
                      }
                    >
                      {t(`admin.status.${user.status}`)}
                    </Badge>
                  </Table.Cell>
                  <Table.Cell>
                    {user.groupIds
                      .map((id) => groupName.get(id))
                      .filter(Boolean)
                      .join(', ')}
                  </Table.Cell>
                  <Table.Cell textAlign="end">
                    <Button
                      size="xs"
                      variant="outline"
                      onClick={() => setEditing({ mode: 'edit', user })}
                      aria-label={t('admin.editUser', { name: user.username })}
                    >
                      {t('app.edit')}
                    </Button>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
      {editing && (
        <UserEditor
          key={editing.mode === 'edit' ? editing.user.id : 'new'}
          editing={editing}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={confirming}
        title={t('admin.deleteSelected', { count: selected.length })}
        body={t('admin.deleteConfirm', { count: selected.length })}
        confirmLabel={t('app.delete')}
        busy={remove.isPending}
        error={remove.error}
        onConfirm={() => remove.mutate(selected)}
        onClose={() => setConfirming(false)}
      />
    </Stack>
  );
}

function UserEditor({ editing, onClose }: { editing: Editing; onClose(): void }) {
  const { t } = usePreferences();
  const client = useQueryClient();
  const groups = useAdminGroups();
  const acls = useAdminAcls();
  const user = editing.mode === 'edit' ? editing.user : undefined;
  const form = useForm(
    {
      username: user?.username ?? '',
      password: '',
      isAdmin: user?.isAdmin ?? false,
      status: user?.status ?? 'active',
      groupIds: user?.groupIds ?? [],
      aclIds: user?.aclIds ?? [],
      profile: user ? profileValues(user.profile) : emptyProfile(),
    },
    { guard: true },
  );
  const save = useMutation({
    mutationFn: (body: object) =>
      user
        ? api.call(updateUser, { params: { id: user.id }, body: body as z.input<typeof updateUserSchema> })
        : api.call(createUser, { body: body as z.input<typeof createUserSchema> }),
    onSuccess: (saved) => {
      form.markSaved();
      toaster.create({ type: 'success', title: t('app.savedItem', { name: saved.username }) });
      void client.invalidateQueries({ queryKey: ADMIN_KEYS.users });
      onClose();
    },
    onError: form.fail,
  });
  const submit = () => {
    const { username, password, isAdmin, status, groupIds, aclIds, profile } = form.values;
    if (!user) {
      const body = { username, password, isAdmin, profile, groupIds, aclIds };
      if (form.check(createUserSchema, body)) save.mutate(body);
      return;
    }
    const { email, ...rest } = profile;
    const body = {
      isAdmin,
      status: status === 'pending' ? undefined : status,
      profile: email ? profile : rest,
      groupIds,
      aclIds,
      ...(password ? { password } : {}),
    };
    if (form.check(updateUserSchema, body)) save.mutate(body);
  };
  return (
    <EditorDrawer
      open
      title={user ? t('admin.editUser', { name: user.username }) : t('admin.newUser')}
      busy={save.isPending}
      submitLabel={user ? t('app.save') : t('app.create')}
      onSubmit={submit}
      onClose={onClose}
    >
      <ErrorAlert error={form.formError} />
      <FormField
        label={t('field.username')}
        value={form.values.username}
        onValue={(value) => form.set('username', value)}
        name="username"
        error={form.errors.username}
        readOnly={Boolean(user)}
        required={!user}
        autoComplete="off"
      />
      <FormField
        label={t('field.password')}
        type="password"
        value={form.values.password}
        onValue={(value) => form.set('password', value)}
        name="password"
        error={form.errors.password}
        helper={user ? t('admin.passwordHint') : undefined}
        required={!user}
        autoComplete="new-password"
      />
      <Flex gap="4" wrap="wrap" align="flex-end">
        <Checkbox.Root
          checked={form.values.isAdmin}
          onCheckedChange={(details) => form.set('isAdmin', details.checked === true)}
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>{t('field.isAdmin')}</Checkbox.Label>
        </Checkbox.Root>
        {user && user.status !== 'pending' && (
          <Field.Root width="auto">
            <Field.Label>{t('field.status')}</Field.Label>
            <NativeSelect.Root size="sm" width="40">
              <NativeSelect.Field
                value={form.values.status}
                onChange={(event) => form.set('status', event.target.value as 'active' | 'disabled')}
              >
                <option value="active">{t('admin.status.active')}</option>
                <option value="disabled">{t('admin.status.disabled')}</option>
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
        )}
      </Flex>
      <CheckboxList
        legend={t('field.groups')}
        options={(groups.data ?? []).map((group) => ({ value: group.id, label: group.name }))}
        selected={form.values.groupIds}
        onChange={(ids) => form.set('groupIds', ids)}
      />
      <CheckboxList
        legend={t('field.acls')}
        options={(acls.data ?? []).map((acl) => ({ value: acl.id, label: acl.name }))}
        selected={form.values.aclIds}
        onChange={(ids) => form.set('aclIds', ids)}
      />
      <ProfileFields
        values={form.values.profile}
        errors={form.errors}
        prefix="profile."
        compact
        onChange={(field, value) => form.set('profile', { ...form.values.profile, [field]: value })}
      />
    </EditorDrawer>
  );
}
