import { Badge, Button, Clipboard, Stack } from '@chakra-ui/react';
import { useMutation, useQuery } from '@tanstack/react-query';
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
import { ErrorAlert } from '../../components/feedback.tsx';
import { FormField } from '../../components/form-field.tsx';
import { formatDate } from '../../components/format-date.ts';
import { SelectField } from '../../components/select-field.tsx';
import { useForm } from '../../components/use-form.ts';
import { InlineForm } from '../../kit/inline-form.tsx';
import { ListSection } from '../../kit/list-section.tsx';
import { RowButton } from '../../kit/row-button.tsx';
import { useConfirm } from '../../kit/use-confirm.tsx';
import { useRefresh } from '../../kit/use-refresh.ts';
import { ADMIN_KEYS, useAdminGroups } from './admin-queries.ts';

type Invitation = z.infer<typeof adminInvitationSchema>;
const STATE_COLOURS = { open: 'blue', accepted: 'green', deleted: 'gray', expired: 'orange' } as const;

/** Invitations: send one (to an email, with a default group), list them with their state, withdraw an open one. */
export function InvitationsSection() {
  const { t, language } = usePreferences();
  const refresh = useRefresh();
  const groups = useAdminGroups();
  const invitations = useQuery({
    queryKey: ADMIN_KEYS.invitations,
    queryFn: ({ signal }) => api.call(listInvitations, { signal }),
  });
  const form = useForm({ email: '', defaultGroupId: '' });
  const send = useMutation({
    mutationFn: (body: z.input<typeof createInvitationSchema>) => api.call(createInvitation, { body }),
    onSuccess: (sent) => {
      form.reset({ email: '', defaultGroupId: '' });
      toaster.create({ type: 'success', title: t('admin.invitationSent', { email: sent.email }) });
      refresh([ADMIN_KEYS.invitations, ADMIN_KEYS.outbox]);
    },
    onError: form.fail,
  });
  const withdraw = useConfirm({
    run: (invitation: Invitation) => api.call(withdrawInvitation, { params: { id: invitation.id } }),
    done: () => {
      toaster.create({ type: 'success', title: t('admin.withdrawn') });
      refresh([ADMIN_KEYS.invitations]);
    },
    title: t('admin.withdraw'),
    body: (invitation) => invitation.email,
    confirmLabel: t('admin.withdraw'),
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
      <InlineForm
        onSend={submit}
        submitLabel={t('admin.invite')}
        busy={send.isPending}
        main={<FormField {...form.field('email')} label={t('field.email')} type="email" required />}
      >
        <SelectField
          label={t('field.defaultGroup')}
          fieldProps={{ width: 'auto' }}
          width="56"
          value={form.values.defaultGroupId}
          onValue={(id) => form.set('defaultGroupId', id)}
          none={t('field.noGroup')}
          choices={(groups.data ?? []).map((group) => ({ value: group.id, label: group.name }))}
        />
      </InlineForm>
      <ErrorAlert error={form.formError} />
      <ListSection
        query={invitations}
        empty={t('admin.invitationsEmpty')}
        rowKey={(invitation) => invitation.id}
        columns={[
          { header: t('field.email'), cell: (each) => each.email, props: { fontWeight: 'medium' } },
          {
            header: t('field.defaultGroup'),
            cell: (each) => (each.defaultGroupId === null ? '' : groupName.get(each.defaultGroupId)),
          },
          {
            header: t('field.status'),
            cell: (each) => (
              <Badge colorPalette={STATE_COLOURS[each.state]} data-state-name={each.state}>
                {t(`admin.state.${each.state}`)}
              </Badge>
            ),
          },
          { header: t('admin.expires'), cell: (each) => formatDate(each.expiresAt, language) },
          {
            header: t('admin.link'),
            cell: (each) =>
              each.state === 'open' && (
                <Clipboard.Root value={each.link}>
                  <Clipboard.Trigger asChild>
                    <Button size="xs" variant="outline" aria-label={t('app.copyLink', { email: each.email })}>
                      <Clipboard.Indicator copied={t('app.copiedShort')}>{t('app.copy')}</Clipboard.Indicator>
                    </Button>
                  </Clipboard.Trigger>
                </Clipboard.Root>
              ),
          },
        ]}
        actions={(each) =>
          each.state === 'open' && (
            <RowButton
              danger
              text={t('admin.withdraw')}
              label={`${t('admin.withdraw')} ${each.email}`}
              onClick={() => withdraw.ask(each)}
            />
          )
        }
      >
        {withdraw.dialog}
      </ListSection>
    </Stack>
  );
}
