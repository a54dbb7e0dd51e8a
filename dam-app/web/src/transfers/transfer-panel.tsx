import { Box, Button, CloseButton, Drawer, Heading, Portal, Stack, Text } from '@chakra-ui/react';
import { useTransfers } from '@rapid/sdk/react';
import { useQueryClient } from '@tanstack/react-query';
import { useState, useSyncExternalStore } from 'react';
import type { SessionView } from '../../../api/accounts.ts';
import { usePreferences } from '../app/preferences.tsx';
import { clientStateKey } from './client-state.ts';
import { titleOf } from './format-transfer.ts';
import { useTransferActions } from './transfer-context.ts';
import { TransferPlaces } from './transfer-places.tsx';
import { TransferRow } from './transfer-row.tsx';

/**
 * The app's transfer panel: every transfer the client reports (pushed by the SDK's transfer events where the client
 * offers them, its activity polling otherwise) with progress, rate, time left, pause, resume and cancel; the places
 * to drop files on or download from; and the integration's log.
 */
export function TransferPanel({ session }: { session: SessionView }) {
  const { t } = usePreferences();
  const actions = useTransferActions();
  const transfers = useTransfers(actions.connect);
  const log = useSyncExternalStore(actions.log.subscribe, actions.log.entries);
  const [open, setOpen] = useState(false);
  const queries = useQueryClient();
  const toggle = (next: boolean) => {
    // Places and carts change elsewhere (the library screens, the API): read them afresh each time it opens.
    if (next) {
      void queries.invalidateQueries({ queryKey: ['carts'] });
      void queries.invalidateQueries({ queryKey: ['folders', 'tree'] });
    }
    setOpen(next);
  };
  const [paused, setPaused] = useState<ReadonlySet<string>>(new Set());
  const active = transfers.filter((each) =>
    ['initiating', 'queued', 'running', 'willretry'].includes(each.status),
  );

  const cookieOf = (uuid: string) => {
    const cookie = transfers.find((each) => each.uuid === uuid)?.transfer_spec?.cookie;
    return typeof cookie === 'string' ? cookie : undefined;
  };
  const pause = async (uuid: string, pausing: boolean) => {
    const cookie = cookieOf(uuid);
    if (cookie) actions.setUploadPaused(cookie, pausing);
    setPaused((current) => {
      const next = new Set(current);
      if (pausing) next.add(uuid);
      else next.delete(uuid);
      return next;
    });
    if (pausing) await actions.connect.stopTransfer(uuid);
    else await actions.connect.resumeTransfer(uuid);
  };
  const cancel = async (uuid: string) => {
    const cookie = cookieOf(uuid);
    setPaused((current) => new Set([...current].filter((each) => each !== uuid)));
    await actions.connect.stopTransfer(uuid);
    if (cookie) {
      const transfer = transfers.find((each) => each.uuid === uuid);
      await actions.cancelUpload(cookie, transfer ? titleOf(transfer) : '');
    }
  };

  return (
    <Drawer.Root
      open={open}
      onOpenChange={(details) => toggle(details.open)}
      size="md"
      lazyMount
      unmountOnExit
    >
      <Drawer.Trigger asChild>
        <Button
          position="fixed"
          // Below 1280 px the shell's footer (py 2, the pickers' row) is at the bottom: the button sits in that row.
          bottom={{ base: '2', xl: '4' }}
          insetEnd="4"
          zIndex="sticky"
          colorPalette="teal"
          boxShadow="lg"
          size="sm"
          data-testid="transfer-panel-toggle"
          data-client-status={actions.status}
        >
          {t('transfer.panel')}
          {active.length > 0 ? ` (${active.length})` : ''}
        </Button>
      </Drawer.Trigger>
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content data-testid="transfer-panel">
            <Drawer.Header flexDirection="column" alignItems="flex-start" gap="1">
              <Drawer.Title>{t('transfer.panelTitle')}</Drawer.Title>
              <Text fontSize="xs" color="fg.muted">
                {t('transfer.clientStatus', { status: t(clientStateKey(actions.status)) })}
              </Text>
            </Drawer.Header>
            <Drawer.Body>
              <Stack gap="6">
                {transfers.length === 0 && (
                  <Text fontSize="sm" color="fg.muted">
                    {t('transfer.none')}
                  </Text>
                )}
                <Stack as="ul" gap="2" listStyleType="none" aria-label={t('transfer.panel')}>
                  {[...transfers].reverse().map((transfer) => (
                    <TransferRow
                      key={transfer.uuid}
                      transfer={transfer}
                      connect={actions.connect}
                      paused={paused.has(transfer.uuid)}
                      onPause={(pausing) => void pause(transfer.uuid, pausing)}
                      onCancel={() => void cancel(transfer.uuid)}
                    />
                  ))}
                </Stack>
                <TransferPlaces session={session} />
                <Box>
                  <Heading as="h3" size="sm" mb="2">
                    {t('transfer.log')}
                  </Heading>
                  <Stack
                    as="ol"
                    gap="1"
                    fontSize="xs"
                    fontFamily="mono"
                    data-testid="transfer-log"
                    listStyleType="none"
                  >
                    {log.map((entry) => (
                      <Text as="li" key={`${entry.at}-${entry.message}`}>
                        {new Date(entry.at).toLocaleTimeString()} {entry.message}
                      </Text>
                    ))}
                  </Stack>
                </Box>
              </Stack>
            </Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('transfer.close')} />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
