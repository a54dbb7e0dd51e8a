import { Checkbox, Code, Field, Heading, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import {
  createRemoteServer,
  deleteRemoteServer,
  forgetRemoteHostKey,
  importFromRemote,
  listRemoteServers,
  listRemoteTransfers,
  testRemoteServer,
  updateRemoteServer,
} from '../../../../api/contract/remote-servers-endpoints.ts';
import {
  REMOTE_EXAMPLE_ADDRESS,
  REMOTE_PROTOCOLS,
  type RemoteProtocol,
  type RemoteServer,
  type RemoteTransfer,
  type SaveRemoteServer,
  saveRemoteServerSchema,
} from '../../../../api/remote-servers.ts';
import { api } from '../../api/api-client.ts';
import { usePreferences } from '../../app/preferences.tsx';
import { toaster } from '../../app/toaster.tsx';
import { ErrorAlert } from '../../components/feedback.tsx';
import { FormField } from '../../components/form-field.tsx';
import { formatDate } from '../../components/format-date.ts';
import { useForm } from '../../components/use-form.ts';
import { EditorDrawer } from '../../kit/editor-drawer.tsx';
import { InlineForm } from '../../kit/inline-form.tsx';
import { ListSection } from '../../kit/list-section.tsx';
import { RowButton } from '../../kit/row-button.tsx';
import { useEditableList } from '../../kit/use-editable-list.tsx';
import { useRefresh } from '../../kit/use-refresh.ts';
import { useSave } from '../../kit/use-save.ts';

const KEYS = { servers: ['admin', 'remote-servers'], transfers: ['admin', 'remote-transfers'] } as const;

/**
 * Remote servers (R-REMOTE-SERVERS, R-REMOTE-SFTP): the FTP and SFTP servers with their recorded host keys, a
 * connection test, imports and the latest transfers.
 */
export function RemoteServersSection() {
  const { t } = usePreferences();
  const servers = useQuery({
    queryKey: KEYS.servers,
    queryFn: ({ signal }) => api.call(listRemoteServers, { signal }),
  });
  const refresh = useRefresh();
  const test = useMutation({
    mutationFn: (server: RemoteServer) => api.call(testRemoteServer, { params: { id: server.id } }),
    onSuccess: (_ok, server) => {
      // R-REMOTE-SFTP: a first connection recorded the host key.
      refresh([KEYS.servers]);
      toaster.create({ type: 'success', title: t('remote.testPassed', { name: server.name }) });
    },
  });
  const forget = useMutation({
    mutationFn: (server: RemoteServer) => api.call(forgetRemoteHostKey, { params: { id: server.id } }),
    onSuccess: (_ok, server) => {
      refresh([KEYS.servers]);
      toaster.create({ type: 'success', title: t('remote.hostKeyForgotten', { name: server.name }) });
    },
  });
  const list = useEditableList<RemoteServer>({
    editor: (server, close) => <RemoteServerEditor server={server} onClose={close} />,
    nameOf: (server) => server.name,
    editLabel: (server) => t('remote.edit', { name: server.name }),
    remove: {
      run: (server) => api.call(deleteRemoteServer, { params: { id: server.id } }),
      body: (server) => t('remote.deleteConfirm', { name: server.name }),
      refresh: [KEYS.servers, KEYS.transfers],
    },
  });
  return (
    <Stack gap="6">
      <ErrorAlert error={test.error ?? forget.error} />
      <ListSection
        create={{ label: t('remote.new'), onClick: list.create }}
        query={servers}
        empty={t('remote.empty')}
        emptyDescription={t('remote.emptyHint')}
        rowKey={(server) => server.id}
        columns={[
          { header: t('field.name'), cell: (server) => server.name, props: { fontWeight: 'medium' } },
          { header: t('remote.address'), cell: (server) => `${server.protocol}://${server.address}` },
          { header: t('remote.username'), cell: (server) => server.username },
          { header: t('remote.destination'), cell: (server) => server.destination },
          { header: t('remote.pcFormat'), cell: (server) => (server.pcFormat ? t('app.yes') : t('app.no')) },
          { header: t('remote.hostKey'), cell: (server) => <HostKey server={server} /> },
        ]}
        actions={(server) => (
          <>
            <RowButton
              text={t('remote.test')}
              label={t('remote.testLabel', { name: server.name })}
              onClick={() => test.mutate(server)}
            />
            {server.hostKey && (
              <RowButton
                text={t('remote.forgetHostKey')}
                label={t('remote.forgetHostKeyLabel', { name: server.name })}
                onClick={() => forget.mutate(server)}
              />
            )}
            {list.buttons(server)}
          </>
        )}
      >
        {list.dialogs}
      </ListSection>
      <RemoteImport servers={servers.data ?? []} />
      <RemoteTransfers servers={servers.data ?? []} />
    </Stack>
  );
}

/** R-REMOTE-SFTP: an SFTP server's recorded host key, shortened (the whole fingerprint in its title). */
function HostKey({ server }: { server: RemoteServer }) {
  const { t } = usePreferences();
  if (server.protocol !== 'sftp') return null;
  if (!server.hostKey)
    return (
      <Text as="span" color="fg.muted">
        {t('remote.hostKeyNone')}
      </Text>
    );
  return (
    <Code title={server.hostKey} fontSize="xs">
      {`${server.hostKey.slice(0, 19)}…`}
    </Code>
  );
}

/** Import a remote folder's files into a library folder, as a job. */
function RemoteImport({ servers }: { servers: RemoteServer[] }) {
  const { t } = usePreferences();
  const refresh = useRefresh();
  const [serverId, setServerId] = useState('');
  const [remotePath, setRemotePath] = useState('');
  const [folderPath, setFolderPath] = useState('');
  const start = useMutation({
    mutationFn: () =>
      api.call(importFromRemote, {
        body: { serverId: serverId === '' ? (undefined as never) : Number(serverId), remotePath, folderPath },
      }),
    onSuccess: () => {
      refresh([KEYS.transfers]);
      toaster.create({ type: 'success', title: t('remote.importQueued') });
    },
  });
  return (
    <Stack gap="2">
      <Heading as="h2" size="md">
        {t('remote.import')}
      </Heading>
      <ErrorAlert error={start.error} />
      <InlineForm
        onSend={() => start.mutate()}
        submitLabel={t('remote.importStart')}
        busy={start.isPending}
        main={
          <FormField
            name="folderPath"
            label={t('remote.folderPath')}
            value={folderPath}
            onValue={setFolderPath}
            placeholder="Library/Incoming"
            required
          />
        }
      >
        <Field.Root width="auto" minWidth="48">
          <Field.Label>{t('remote.server')}</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field
              name="serverId"
              value={serverId}
              onChange={(e) => setServerId(e.target.value)}
            >
              <option value="">{t('remote.chooseServer')}</option>
              {servers.map((server) => (
                <option key={server.id} value={server.id}>
                  {server.name}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <FormField
          name="remotePath"
          label={t('remote.remotePath')}
          value={remotePath}
          onValue={setRemotePath}
        />
      </InlineForm>
    </Stack>
  );
}

/** The latest deliveries and imports with their progress, read again every 2 s while one runs. */
function RemoteTransfers({ servers }: { servers: RemoteServer[] }) {
  const { t, language } = usePreferences();
  const transfers = useQuery({
    queryKey: KEYS.transfers,
    queryFn: ({ signal }) => api.call(listRemoteTransfers, { signal }),
    refetchInterval: (query) =>
      query.state.data?.some((transfer) => transfer.state === 'queued' || transfer.state === 'running')
        ? 2_000
        : false,
  });
  const serverName = (id: number) => servers.find((server) => server.id === id)?.name ?? String(id);
  return (
    <Stack gap="2">
      <Heading as="h2" size="md">
        {t('remote.transfers')}
      </Heading>
      <ListSection<RemoteTransfer>
        query={transfers}
        empty={t('remote.noTransfers')}
        emptyDescription={t('remote.noTransfersHint')}
        rowKey={(transfer) => transfer.id}
        columns={[
          { header: t('remote.when'), cell: (transfer) => formatDate(transfer.createdAt, language) },
          { header: t('remote.server'), cell: (transfer) => serverName(transfer.serverId) },
          {
            header: t('remote.direction'),
            cell: (transfer) =>
              t(transfer.direction === 'deliver' ? 'remote.deliver' : 'remote.import.direction'),
          },
          { header: t('remote.state'), cell: (transfer) => t(`remote.state.${transfer.state}`) },
          {
            header: t('remote.files'),
            cell: (transfer) =>
              t('remote.filesDone', {
                done: transfer.filesDone,
                total: transfer.filesTotal,
                refused: transfer.filesRefused,
              }),
          },
          { header: t('remote.error'), cell: (transfer) => transfer.error ?? '' },
        ]}
      />
    </Stack>
  );
}

function RemoteServerEditor({ server, onClose }: { server?: RemoteServer | undefined; onClose(): void }) {
  const { t } = usePreferences();
  const form = useForm(
    {
      name: server?.name ?? '',
      protocol: server?.protocol ?? ('ftp' as RemoteProtocol),
      address: server?.address ?? '',
      username: server?.username ?? '',
      password: '',
      destination: server?.destination ?? '/',
      description: server?.description ?? '',
      pcFormat: server?.pcFormat ?? false,
      privateKey: '',
      removeKey: false,
    },
    { guard: true },
  );
  const sftp = form.values.protocol === 'sftp';
  const save = useSave({
    form,
    save: (body: SaveRemoteServer) =>
      server
        ? api.call(updateRemoteServer, { params: { id: server.id }, body })
        : api.call(createRemoteServer, { body }),
    refresh: [KEYS.servers],
    nameOf: (saved) => saved.name,
    onSaved: onClose,
  });
  const submit = () => {
    // A password or key left empty when editing keeps the stored one; a new server needs a password (SFTP: or a key).
    const { privateKey, removeKey, ...values } = form.values;
    const keyed = sftp && privateKey !== '';
    const body: SaveRemoteServer = {
      ...values,
      password: server || keyed ? values.password || undefined : values.password,
      ...(sftp && removeKey ? { privateKey: '' } : keyed ? { privateKey } : {}),
    };
    if (form.check(saveRemoteServerSchema, body)) save.mutate(body);
  };
  return (
    <EditorDrawer
      open
      title={server ? t('remote.edit', { name: server.name }) : t('remote.new')}
      busy={save.isPending}
      submitLabel={server ? t('app.save') : t('app.create')}
      onSubmit={submit}
      onClose={onClose}
    >
      <ErrorAlert error={form.formError} />
      <FormField {...form.field('name')} label={t('field.name')} required />
      <Field.Root>
        <Field.Label>{t('remote.protocol')}</Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field
            name="protocol"
            value={form.values.protocol}
            onChange={(e) => form.set('protocol', e.target.value as RemoteProtocol)}
          >
            {REMOTE_PROTOCOLS.map((protocol) => (
              <option key={protocol} value={protocol}>
                {t(`remote.protocol.${protocol}`)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      <FormField
        {...form.field('address')}
        label={t('remote.address')}
        placeholder={REMOTE_EXAMPLE_ADDRESS}
        helper={t('remote.addressHint', { example: REMOTE_EXAMPLE_ADDRESS })}
        required
      />
      <FormField {...form.field('username')} label={t('remote.username')} required autoComplete="off" />
      <FormField
        {...form.field('password')}
        label={t('remote.password')}
        type="password"
        autoComplete="new-password"
        required={!server && !sftp}
        helper={server ? t('remote.passwordKeep') : sftp ? t('remote.passwordOrKey') : undefined}
      />
      {sftp && (
        <FormField
          {...form.field('privateKey')}
          label={t('remote.privateKey')}
          multiline
          rows={4}
          disabled={form.values.removeKey}
          helper={server?.hasPrivateKey ? t('remote.privateKeyStored') : t('remote.privateKeyHint')}
        />
      )}
      {sftp && server?.hasPrivateKey && (
        <Checkbox.Root
          checked={form.values.removeKey}
          onCheckedChange={(details) => form.set('removeKey', details.checked === true)}
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>{t('remote.removeKey')}</Checkbox.Label>
        </Checkbox.Root>
      )}
      <FormField {...form.field('destination')} label={t('remote.destination')} />
      <FormField {...form.field('description')} label={t('field.description')} multiline rows={2} />
      <Checkbox.Root
        checked={form.values.pcFormat}
        onCheckedChange={(details) => form.set('pcFormat', details.checked === true)}
      >
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>{t('remote.pcFormatLong')}</Checkbox.Label>
      </Checkbox.Root>
    </EditorDrawer>
  );
}
