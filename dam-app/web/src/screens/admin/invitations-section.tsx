import {
  Badge,
  Box,
  Button,
  Clipboard,
  Field,
  NativeSelect,
  Stack,
  Table,
  VisuallyHidden,
} from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { z } from 'zod';
import { type adminInvitationSchema, createInvitationSchema } from '../../../../api/admin.ts';
import {
  createInvitation,
  listInvitations,
  withdrawInvitation,
} from '../../../../api/contract/access-endpoints.ts';
import { api } from '../../api/api-client.ts';
import { usePreferences } from '../../app/preferences.tsx';
import { toaster } from '../../app/toaster.tsx';
import { ConfirmDialog, Empty, ErrorAlert, ListSkeleton } from '../../components/feedback.tsx';
import { Form } from '../../components/form.tsx';
import { FormField } from '../../components/form-field.tsx';
import { formatDate } from '../../components/format-date.ts';
import { useForm } from '../../components/use-form.ts';
import { ADMIN_KEYS, useAdminGroups } from './admin-queries.ts';

type Invitation = z.infer<typeof adminInvitationSchema>;
const STATE_COLOURS = { open: 'blue', accepted: 'green', deleted: 'gray', expired: 'orange' } as const;

/** Invitations: send one (to an email, with a default group), list them with their state, withdraw an open one. */
export function InvitationsSection() {
  const { t, language } = usePreferences();
  const client = useQueryClient();
  const groups = useAdminGroups();
  const invitations = useQuery({
    queryKey: ADMIN_KEYS.invitations,
    queryFn: ({ signal }) => api.call(listInvitations, { signal }),
  });
  const form = useForm({ email: '', defaultGroupId: '' });
  const [withdrawing, setWithdrawing] = useState<Invitation | null>(null);
  const send = useMutation({
    mutationFn: (body: z.input<typeof createInvitationSchema>) => api.call(createInvitation, { body }),
    onSuccess: (sent) => {
      form.reset({ email: '', defaultGroupId: '' });
      toaster.create({ type: 'success', title: t('admin.invitationSent', { email: sent.email }) });
      void client.invalidateQueries({ queryKey: ADMIN_KEYS.invitations });
      void client.invalidateQueries({ queryKey: ADMIN_KEYS.outbox });
    },
    onError: form.fail,
  });
  const withdraw = useMutation({
    mutationFn: (id: string) => api.call(withdrawInvitation, { params: { id } }),
    onSuccess: () => {
      setWithdrawing(null);
      toaster.create({ type: 'success', title: t('admin.withdrawn') });
      void client.invalidateQueries({ queryKey: ADMIN_KEYS.invitations });
    },
  });
  const groupName = new Map(groups.data?.map((group) => [group.id, group.name]));
  const submit = () => {
    const body = {
      email: form.values.email,
      defaultGroupId: form.values.defaultGroupId ? Number(form.values.defaultGroupId) : null,
    };
    if (form.check(createInvitationSchema, body)) send.mutate(body);
  };
  return (
    <Stack gap="4">
      <Form display="flex" gap="3" alignItems="flex-end" flexWrap="wrap" onSend={submit}>
        <Box flex="1" minWidth="60" maxWidth="sm">
          <FormField
            label={t('field.email')}
            type="email"
            value={form.values.email}
            onValue={(value) => form.set('email', value)}
            name="email"
            error={form.errors.email}
            required
          />
        </Box>
        <Field.Root width="auto">
          <Field.Label>{t('field.defaultGroup')}</Field.Label>
          <NativeSelect.Root width="56">
            <NativeSelect.Field
              value={form.values.defaultGroupId}
              onChange={(event) => form.set('defaultGroupId', event.target.value)}
            >
              <option value="">{t('field.noGroup')}</option>
              {groups.data?.map((group) => (
                <option key={group.id} value={group.id}>
                  {group.name}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Button type="submit" colorPalette="teal" loading={send.isPending}>
          {t('admin.invite')}
        </Button>
      </Form>
      <ErrorAlert error={form.formError} />
      {invitations.isPending && <ListSkeleton />}
      {invitations.isError && <ErrorAlert error={invitations.error} />}
      {invitations.data?.length === 0 && <Empty title={t('admin.invitationsEmpty')} />}
      {invitations.data && invitations.data.length > 0 && (
        <Table.ScrollArea borderWidth="1px" rounded="md">
          <Table.Root size="sm">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('field.email')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('field.defaultGroup')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('field.status')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('admin.expires')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('admin.link')}</Table.ColumnHeader>
                <Table.ColumnHeader>
                  <VisuallyHidden>{t('app.actions')}</VisuallyHidden>
                </Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {invitations.data.map((invitation) => (
                <Table.Row key={invitation.id}>
                  <Table.Cell fontWeight="medium">{invitation.email}</Table.Cell>
                  <Table.Cell>
                    {invitation.defaultGroupId === null ? '' : groupName.get(invitation.defaultGroupId)}
                  </Table.Cell>
                  <Table.Cell>
                    <Badge colorPalette={STATE_COLOURS[invitation.state]} data-state-name={invitation.state}>
                      {t(`admin.state.${invitation.state}`)}
                    </Badge>
                  </Table.Cell>
                  <Table.Cell>{formatDate(invitation.expiresAt, language)}</Table.Cell>
                  <Table.Cell>
                    {invitation.state === 'open' && (
                      <Clipboard.Root value={invitation.link}>
                        <Clipboard.Trigger asChild>
                          <Button
                            size="xs"
                            variant="outline"
                            aria-label={t('app.copyLink', { email: invitation.email })}
                          >
                            <Clipboard.Indicator copied={t('app.copiedShort')}>
                              {t('app.copy')}
                            </Clipboard.Indicator>
                          </Button>
                        </Clipboard.Trigger>
                      </Clipboard.Root>
                    )}
                  </Table.Cell>
                  <Table.Cell textAlign="end">
                    {invitation.state === 'open' && (
                      <Button
                        size="xs"
                        variant="outline"
                        colorPalette="red"
                        onClick={() => {
                          withdraw.reset();
                          setWithdrawing(invitation);
                        }}
                        aria-label={`${t('admin.withdraw')} ${invitation.email}`}
                      >
                        {t('admin.withdraw')}
                      </Button>
                    )}
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
      <ConfirmDialog
        open={withdrawing !== null}
        title={t('admin.withdraw')}
        body={withdrawing?.email ?? ''}
        confirmLabel={t('admin.withdraw')}
        busy={withdraw.isPending}
        error={withdraw.error}
        onConfirm={() => withdrawing && withdraw.mutate(withdrawing.id)}
        onClose={() => setWithdrawing(null)}
      />
    </Stack>
  );
}
