import { Box, Button, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import type { PopupClient } from '../client/popup-client.ts';
import { useClientStatus } from '../use-client-status.ts';
import { ClientHeader } from './client-header.tsx';
import { SitePermissions } from './site-permissions.tsx';
import { type TransferAction, TransferRow } from './transfer-row.tsx';

/** The popup: client status, the local client's transfers with their controls, and the way to the full manager. */
export function PopupApp({ client }: { client: PopupClient }) {
  const { client: clientStatus, transfers } = useClientStatus(client);
  const [problem, setProblem] = useState<string>();

  const act = async (action: TransferAction, uuid: string) => {
    const answer = await client.request(
      'POST',
      `/connect/transfers/${action}/${encodeURIComponent(uuid)}`,
      '{}',
    );
    setProblem(answer.status === 200 ? undefined : readProblem(answer.body));
  };
  const openManager = async () => {
    const answer = await client.request('GET', '/connect/windows/transfer-manager');
    setProblem(answer.status === 200 ? undefined : readProblem(answer.body));
  };

  return (
    <Stack gap="3" p="4" width="360px">
      <ClientHeader status={clientStatus} />
      {clientStatus.state === 'unreachable' && (
        <Text role="alert" fontSize="sm">
          {clientStatus.problem} Install the Rapid client (developers: run npm start), then reopen this
          window.
        </Text>
      )}
      {transfers.state === 'ready' && transfers.transfers.length === 0 && (
        <Text color="fg.muted" data-testid="empty">
          No transfers yet. Transfers you start on a web page appear here.
        </Text>
      )}
      {transfers.state === 'ready' && transfers.transfers.length > 0 && (
        <Box as="ul" display="flex" flexDirection="column" gap="2" p="0" m="0" aria-label="Transfers">
          {transfers.transfers.map((transfer) => (
            <TransferRow key={transfer.uuid} transfer={transfer} onAction={(a, id) => void act(a, id)} />
          ))}
        </Box>
      )}
      {transfers.state === 'error' && (
        <Text role="alert" fontSize="sm">
          Could not load transfers: {transfers.problem}
        </Text>
      )}
      {problem && (
        <Text role="alert" fontSize="sm">
          {problem}
        </Text>
      )}
      <Button size="sm" onClick={() => void openManager()} disabled={clientStatus.state !== 'ready'}>
        Open Transfer Manager
      </Button>
      <SitePermissions client={client} connected={clientStatus.state === 'ready'} />
    </Stack>
  );
}

function readProblem(body: string): string {
  try {
    return JSON.parse(body)?.error?.user_message ?? 'The Rapid client could not do that.';
  } catch {
    return 'The Rapid client could not do that.';
  }
}
