import {
  Box,
  Button,
  Clipboard,
  Code,
  Dialog,
  Flex,
  Input,
  Portal,
  Stack,
  Table,
  Text,
  VisuallyHidden,
} from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { z } from 'zod';
import { type apiKeySchema, createApiKeySchema } from '../../../../api/accounts.ts';
import { createApiKey, listApiKeys, revokeApiKey } from '../../../../api/contract/access-endpoints.ts';
import { api } from '../../api/api-client.ts';
import { usePreferences } from '../../app/preferences.tsx';
import { toaster } from '../../app/toaster.tsx';
import { ConfirmDialog, Empty, ErrorAlert, ListSkeleton } from '../../components/feedback.tsx';
import { Form } from '../../components/form.tsx';
import { FormField } from '../../components/form-field.tsx';
import { formatDate } from '../../components/format-date.ts';
import { ScreenHeader } from '../../components/screen-header.tsx';
import { useForm } from '../../components/use-form.ts';

type ApiKey = z.infer<typeof apiKeySchema>;
const KEYS = ['api-keys'] as const;

/** API keys: create one by name, see the key once (with Copy), revoke. */
export function ApiKeysScreen() {
  const { t, language } = usePreferences();
  const client = useQueryClient();
  const keys = useQuery({
    queryKey: KEYS,
    queryFn: ({ signal }) => api.call(listApiKeys, { signal }),
  });
  const form = useForm({ name: '' });
  const [created, setCreated] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const create = useMutation({
    mutationFn: (body: { name: string }) => api.call(createApiKey, { body }),
    onSuccess: (key) => {
      form.reset({ name: '' });
      setCreated(key.key);
      void client.invalidateQueries({ queryKey: KEYS });
    },
    onError: form.fail,
  });
  const revoke = useMutation({
    mutationFn: (id: number) => api.call(revokeApiKey, { params: { id } }),
    onSuccess: () => {
      setRevoking(null);
      toaster.create({ type: 'success', title: t('apiKeys.revoked') });
      void client.invalidateQueries({ queryKey: KEYS });
    },
  });
  const submit = () => {
    const body = { name: form.values.name };
    if (form.check(createApiKeySchema, body)) create.mutate(body);
  };
  return (
    <Stack gap="5" maxWidth="5xl">
      <ScreenHeader title={t('apiKeys.title')} intro={t('apiKeys.intro')} />
      <Form display="flex" gap="3" alignItems="flex-end" flexWrap="wrap" onSend={submit}>
        <Box flex="1" minWidth="60" maxWidth="md">
          <FormField
            label={t('field.name')}
            value={form.values.name}
            onValue={(value) => form.set('name', value)}
            name="name"
            error={form.errors.name}
            required
          />
        </Box>
        <Button type="submit" colorPalette="teal" loading={create.isPending}>
          {t('apiKeys.create')}
        </Button>
      </Form>
      <ErrorAlert error={form.formError} />
      {keys.isPending && <ListSkeleton />}
      {keys.isError && <ErrorAlert error={keys.error} />}
      {keys.data?.length === 0 && <Empty title={t('apiKeys.empty')} />}
      {keys.data && keys.data.length > 0 && (
        <Table.ScrollArea borderWidth="1px" rounded="md">
          <Table.Root size="sm">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('field.name')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('apiKeys.prefix')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('apiKeys.created')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('apiKeys.lastUsed')}</Table.ColumnHeader>
                <Table.ColumnHeader>
                  <VisuallyHidden>{t('apiKeys.revoke')}</VisuallyHidden>
                </Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {keys.data.map((key) => (
                <Table.Row key={key.id}>
                  <Table.Cell fontWeight="medium">{key.name}</Table.Cell>
                  <Table.Cell>
                    <Code>{key.prefix}…</Code>
                  </Table.Cell>
                  <Table.Cell>{formatDate(key.createdAt, language)}</Table.Cell>
                  <Table.Cell>
                    {key.lastUsedAt ? formatDate(key.lastUsedAt, language) : t('app.never')}
                  </Table.Cell>
                  <Table.Cell textAlign="end">
                    <Button
                      size="xs"
                      variant="outline"
                      colorPalette="red"
                      aria-label={`${t('apiKeys.revoke')} ${key.name}`}
                      onClick={() => setRevoking(key)}
                    >
                      {t('apiKeys.revoke')}
                    </Button>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
      <NewKeyDialog keyText={created} onClose={() => setCreated(null)} />
      <ConfirmDialog
        open={revoking !== null}
        title={t('apiKeys.revoke')}
        body={t('apiKeys.revokeConfirm', { name: revoking?.name ?? '' })}
        confirmLabel={t('apiKeys.revoke')}
        busy={revoke.isPending}
        error={revoke.error}
        onConfirm={() => revoking && revoke.mutate(revoking.id)}
        onClose={() => {
          setRevoking(null);
          revoke.reset();
        }}
      />
    </Stack>
  );
}

function NewKeyDialog({ keyText, onClose }: { keyText: string | null; onClose(): void }) {
  const { t } = usePreferences();
  return (
    <Dialog.Root
      open={keyText !== null}
      onOpenChange={(details) => !details.open && onClose()}
      placement="center"
      size="lg"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{t('apiKeys.newTitle')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">
                <Text>{t('apiKeys.newBody')}</Text>
                <Clipboard.Root
                  value={keyText ?? ''}
                  onStatusChange={(details) =>
                    details.copied && toaster.create({ type: 'success', title: t('app.copied') })
                  }
                >
                  <Flex gap="2">
                    <Input
                      readOnly
                      value={keyText ?? ''}
                      fontFamily="mono"
                      aria-label={t('apiKeys.newTitle')}
                      data-testid="new-api-key"
                    />
                    <Clipboard.Trigger asChild>
                      <Button variant="outline">
                        <Clipboard.Indicator copied={t('app.copiedShort')}>
                          {t('app.copy')}
                        </Clipboard.Indicator>
                      </Button>
                    </Clipboard.Trigger>
                  </Flex>
                </Clipboard.Root>
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button colorPalette="teal" onClick={onClose}>
                {t('app.close')}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
