import { Badge, Heading, HStack, Text } from '@chakra-ui/react';
import type { ClientStatus } from '../use-client-status.ts';

export function ClientHeader({ status }: { status: ClientStatus }) {
  return (
    <HStack justify="space-between" align="center">
      <Heading size="md">Rapid</Heading>
      {status.state === 'ready' && (
        <HStack gap="2">
          <Badge colorPalette="green">Connected</Badge>
          <Text fontSize="sm" color="fg.muted">
            client {status.version}
          </Text>
        </HStack>
      )}
      {status.state === 'connecting' && <Badge>Connecting…</Badge>}
      {status.state === 'unreachable' && <Badge colorPalette="red">Client not reachable</Badge>}
    </HStack>
  );
}
