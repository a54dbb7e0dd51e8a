import { Code, Stack } from '@chakra-ui/react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { z } from 'zod';
import { type apiKeySchema, createApiKeySchema } from '../../../../api/accounts.ts';
import { createApiKey, listApiKeys, revokeApiKey } from '../../../../api/contract/access-endpoints.ts';
import { api } from '../../api/api-client.ts';
import { usePreferences } from '../../app/preferences.tsx';
import { toaster } from '../../app/toaster.tsx';
import { ErrorAlert } from '../../components/feedback.tsx';
import { FormField } from '../../components/form-field.tsx';
import { formatDate } from '../../components/format-date.ts';
import { ScreenHeader } from '../../components/screen-header.tsx';
import { useForm } from '../../components/use-form.ts';
import { InlineForm } from '../../kit/inline-form.tsx';
import { ListSection } from '../../kit/list-section.tsx';
import { RowButton } from '../../kit/row-button.tsx';
import { SecretOnceDialog } from '../../kit/secret-once-dialog.tsx';
import { useConfirm } from '../../kit/use-confirm.tsx';
import { useRefresh } from '../../kit/use-refresh.ts';
import { defineScreen } from '../../router/define-screen.ts';
import { path } from '../../router/route-codec.ts';
import type { Draw, ScreenEntry } from '../../router/routes.ts';

export const screen = defineScreen('api-keys', {
  codec: path('/api-keys'),
  nav: { menu: 'user', label: 'shell.apiKeys', order: 3 },
});
export const draw: Draw<'api-keys'> = () => <ApiKeysScreen />;

type ApiKey = z.infer<typeof apiKeySchema>;
const KEYS = ['api-keys'] as const;

/** API keys: create one by name, see the key once (with Copy), revoke. */
export function ApiKeysScreen() {
  const { t, language } = usePreferences();
  const refresh = useRefresh();
  const keys = useQuery({
    queryKey: KEYS,
    queryFn: ({ signal }) => api.call(listApiKeys, { signal }),
  });
  const form = useForm({ name: '' });
  const [created, setCreated] = useState<string | null>(null);
  const create = useMutation({
    mutationFn: (body: { name: string }) => api.call(createApiKey, { body }),
    onSuccess: (key) => {
      form.reset({ name: '' });
      setCreated(key.key);
      refresh([KEYS]);
    },
    onError: form.fail,
  });
  const revoke = useConfirm({
    run: (key: ApiKey) => api.call(revokeApiKey, { params: { id: key.id } }),
    done: () => {
      toaster.create({ type: 'success', title: t('apiKeys.revoked') });
      refresh([KEYS]);
    },
    title: t('apiKeys.revoke'),
    body: (key) => t('apiKeys.revokeConfirm', { name: key.name }),
    confirmLabel: t('apiKeys.revoke'),
  });
  const submit = () => {
    const body = { name: form.values.name };
    if (form.check(createApiKeySchema, body)) create.mutate(body);
  };
  return (
    <Stack gap="5" maxWidth="5xl">
      <ScreenHeader title={t('apiKeys.title')} intro={t('apiKeys.intro')} />
      <InlineForm
        onSend={submit}
        submitLabel={t('apiKeys.create')}
        busy={create.isPending}
        main={<FormField {...form.field('name')} label={t('field.name')} required />}
      />
      <ErrorAlert error={form.formError} />
      <ListSection
        query={keys}
        empty={t('apiKeys.empty')}
        rowKey={(key) => key.id}
        actionsLabel={t('apiKeys.revoke')}
        columns={[
          { header: t('field.name'), cell: (key) => key.name, props: { fontWeight: 'medium' } },
          { header: t('apiKeys.prefix'), cell: (key) => <Code>{key.prefix}…</Code> },
          { header: t('apiKeys.created'), cell: (key) => formatDate(key.createdAt, language) },
          {
            header: t('apiKeys.lastUsed'),
            cell: (key) => (key.lastUsedAt ? formatDate(key.lastUsedAt, language) : t('app.never')),
          },
        ]}
        actions={(key) => (
          <RowButton
            danger
            text={t('apiKeys.revoke')}
            label={`${t('apiKeys.revoke')} ${key.name}`}
            onClick={() => revoke.ask(key)}
          />
        )}
      >
        <SecretOnceDialog
          secret={created}
          title={t('apiKeys.newTitle')}
          body={t('apiKeys.newBody')}
          testId="new-api-key"
          onClose={() => setCreated(null)}
        />
        {revoke.dialog}
      </ListSection>
    </Stack>
  );
}

declare module '../../router/routes.ts' {
  interface Screens extends ScreenEntry<typeof screen> {}
}
