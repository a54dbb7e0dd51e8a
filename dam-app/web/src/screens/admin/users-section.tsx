import { Badge, Button, Checkbox, Field, Flex, HStack, NativeSelect, Text } from '@chakra-ui/react';
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
import { ErrorAlert } from '../../components/feedback.tsx';
import { FormField } from '../../components/form-field.tsx';
import { useForm } from '../../components/use-form.ts';
import { EditorDrawer } from '../../kit/editor-drawer.tsx';
import { ListSection } from '../../kit/list-section.tsx';
import { selectColumn } from '../../kit/select-column.tsx';
import { useConfirm } from '../../kit/use-confirm.tsx';
import { useEditableList } from '../../kit/use-editable-list.tsx';
import { useRefresh } from '../../kit/use-refresh.ts';
import { useSave } from '../../kit/use-save.ts';
import { emptyProfile, ProfileFields, profileValues } from '../account/profile-fields.tsx';
import { ADMIN_KEYS, useAdminAcls, useAdminGroups, useAdminUsers } from './admin-queries.ts';

type AdminUser = z.infer<typeof adminUserSchema>;
const STATUS_COLOURS = { active: 'green', pending: 'orange', disabled: 'gray' } as const;

/** Users: list, create, edit, delete a selection (the server refuses root, nologin and guest, in the spec's words). */
export function UsersSection() {
  const { t } = usePreferences();
  const refresh = useRefresh();
  const users = useAdminUsers();
  const groups = useAdminGroups();
  const [selected, setSelected] = useState<number[]>([]);
  const list = useEditableList<AdminUser>({
    editor: (user, close) => <UserEditor user={user} onClose={close} />,
    nameOf: (user) => user.username,
    editLabel: (user) => t('admin.editUser', { name: user.username }),
  });
  const remove = useConfirm({
    run: (ids: number[]) => api.call(deleteUsers, { body: deleteUsersSchema.parse({ ids }) }),
    done: ({ deleted }) => {
      setSelected([]);
      toaster.create({ type: 'success', title: t('admin.deleted', { count: deleted }) });
      refresh([ADMIN_KEYS.users]);
    },
    title: t('admin.deleteSelected', { count: selected.length }),
    body: (ids) => t('admin.deleteConfirm', { count: ids.length }),
    confirmLabel: t('app.delete'),
  });
  const groupName = new Map(groups.data?.map((group) => [group.id, group.name]));
  return (
    <ListSection
      create={{ label: t('admin.newUser'), onClick: list.create }}
      toolbar={
        <Button
          variant="outline"
          colorPalette="red"
          disabled={selected.length === 0}
          onClick={() => remove.ask(selected)}
        >
          {t('admin.deleteSelected', { count: selected.length })}
        </Button>
      }
      query={users}
      empty={t('admin.usersEmpty')}
      rows={6}
      interactive
      rowKey={(user) => user.id}
      rowProps={(user) => ({ 'data-selected': selected.includes(user.id) ? '' : undefined }) as object}
      columns={[
        selectColumn({
          rows: users.data ?? [],
          selected,
          onSelect: setSelected,
          idOf: (user) => user.id,
          allLabel: t('admin.selectAll'),
          rowLabel: (user) => t('admin.select', { name: user.username }),
        }),
        {
          header: t('field.username'),
          props: { fontWeight: 'medium' },
          cell: (user) => (
            <HStack gap="1.5">
              <Text>{user.username}</Text>
              {user.isAdmin && <Badge colorPalette="purple">{t('field.isAdmin')}</Badge>}
              {user.special && <Badge>{t('admin.special')}</Badge>}
            </HStack>
          ),
        },
        {
          header: t('field.name'),
          cell: (user) => [user.profile.firstName, user.profile.lastName].filter(Boolean).join(' '),
        },
        { header: t('field.email'), cell: (user) => user.profile.email },
        {
          header: t('field.status'),
          cell: (user) => (
            <Badge colorPalette={STATUS_COLOURS[user.status]}>{t(`admin.status.${user.status}`)}</Badge>
          ),
        },
        {
          header: t('field.groups'),
          cell: (user) =>
            user.groupIds
              .map((id) => groupName.get(id))
              .filter(Boolean)
              .join(', '),
        },
      ]}
      actions={list.buttons}
    >
      {list.dialogs}
      {remove.dialog}
    </ListSection>
  );
}

function UserEditor({ user, onClose }: { user?: AdminUser | undefined; onClose(): void }) {
  const { t } = usePreferences();
  const groups = useAdminGroups();
  const acls = useAdminAcls();
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
  const save = useSave({
    form,
    save: (body: object) =>
      user
        ? api.call(updateUser, { params: { id: user.id }, body: body as z.input<typeof updateUserSchema> })
        : api.call(createUser, { body: body as z.input<typeof createUserSchema> }),
    refresh: [ADMIN_KEYS.users],
    nameOf: (saved) => saved.username,
    onSaved: onClose,
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
        {...form.field('username')}
        label={t('field.username')}
        readOnly={Boolean(user)}
        required={!user}
        autoComplete="off"
      />
      <FormField
        {...form.field('password')}
        label={t('field.password')}
        type="password"
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
