import { Button, HStack, Stack, Table, VisuallyHidden } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { z } from 'zod';
import { type groupSchema, saveGroupSchema } from '../../../../api/admin.ts';
import { createGroup, deleteGroup, updateGroup } from '../../../../api/contract/admin-endpoints.ts';
import { api } from '../../api/api-client.ts';
import { usePreferences } from '../../app/preferences.tsx';
import { toaster } from '../../app/toaster.tsx';
import { CheckboxList } from '../../components/checkbox-list.tsx';
import { EditorDrawer } from '../../components/editor-drawer.tsx';
import { ConfirmDialog, Empty, ErrorAlert, ListSkeleton } from '../../components/feedback.tsx';
import { FormField } from '../../components/form-field.tsx';
import { useForm } from '../../components/use-form.ts';
import { ADMIN_KEYS, useAdminGroups, useAdminUsers } from './admin-queries.ts';

type Group = z.infer<typeof groupSchema>;

/** Groups: name, description and members. */
export function GroupsSection() {
  const { t } = usePreferences();
  const client = useQueryClient();
  const groups = useAdminGroups();
  const [editing, setEditing] = useState<Group | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Group | null>(null);
  const remove = useMutation({
    mutationFn: (id: number) => api.call(deleteGroup, { params: { id } }),
    onSuccess: () => {
      setDeleting(null);
      void client.invalidateQueries({ queryKey: ADMIN_KEYS.groups });
      void client.invalidateQueries({ queryKey: ADMIN_KEYS.users });
    },
  });
  return (
    <Stack gap="4">
      <HStack>
        <Button colorPalette="teal" onClick={() => setEditing('new')}>
          {t('admin.newGroup')}
        </Button>
      </HStack>
      {groups.isPending && <ListSkeleton />}
      {groups.isError && <ErrorAlert error={groups.error} />}
      {groups.data?.length === 0 && <Empty title={t('admin.groupsEmpty')} />}
      {groups.data && groups.data.length > 0 && (
        <Table.ScrollArea borderWidth="1px" rounded="md">
          <Table.Root size="sm">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('field.name')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('field.description')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('field.members')}</Table.ColumnHeader>
                <Table.ColumnHeader>
                  <VisuallyHidden>{t('app.actions')}</VisuallyHidden>
                </Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {groups.data.map((group) => (
                <Table.Row key={group.id}>
                  <Table.Cell fontWeight="medium">{group.name}</Table.Cell>
                  <Table.Cell>{group.description}</Table.Cell>
                  <Table.Cell>{t('admin.memberCount', { count: group.memberIds.length })}</Table.Cell>
                  <Table.Cell textAlign="end">
                    <HStack justify="flex-end" gap="2">
                      <Button
                        size="xs"
                        variant="outline"
                        onClick={() => setEditing(group)}
                        aria-label={t('admin.editGroup', { name: group.name })}
                      >
                        {t('app.edit')}
                      </Button>
                      <Button
                        size="xs"
                        variant="outline"
                        colorPalette="red"
                        onClick={() => {
                          remove.reset();
                          setDeleting(group);
                        }}
                        aria-label={`${t('app.delete')} ${group.name}`}
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
        <GroupEditor
          key={editing === 'new' ? 'new' : editing.id}
          group={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t('app.delete')}
        body={t('admin.groupDeleteConfirm', { name: deleting?.name ?? '' })}
        confirmLabel={t('app.delete')}
        busy={remove.isPending}
        error={remove.error}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}

function GroupEditor({ group, onClose }: { group?: Group; onClose(): void }) {
  const { t } = usePreferences();
  const client = useQueryClient();
  const users = useAdminUsers();
  const form = useForm(
    { name: group?.name ?? '', description: group?.description ?? '', memberIds: group?.memberIds ?? [] },
    { guard: true },
  );
  const save = useMutation({
    mutationFn: (body: z.input<typeof saveGroupSchema>) =>
      group ? api.call(updateGroup, { params: { id: group.id }, body }) : api.call(createGroup, { body }),
    onSuccess: (saved) => {
      form.markSaved();
      toaster.create({ type: 'success', title: t('app.savedItem', { name: saved.name }) });
      void client.invalidateQueries({ queryKey: ADMIN_KEYS.groups });
      void client.invalidateQueries({ queryKey: ADMIN_KEYS.users });
      onClose();
    },
    onError: form.fail,
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
      <FormField
        label={t('field.name')}
        value={form.values.name}
        onValue={(value) => form.set('name', value)}
        name="name"
        error={form.errors.name}
        required
      />
      <FormField
        label={t('field.description')}
        value={form.values.description}
        onValue={(value) => form.set('description', value)}
        name="description"
        error={form.errors.description}
      />
      <CheckboxList
        legend={t('field.members')}
        options={(users.data ?? []).map((user) => ({ value: user.id, label: user.username }))}
        selected={form.values.memberIds}
        onChange={(ids) => form.set('memberIds', ids)}
      />
    </EditorDrawer>
  );
}
