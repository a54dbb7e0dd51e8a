import { Box, Button, HStack, Progress, Text } from '@chakra-ui/react';
import { formatBytes, formatRate, formatTimeLeft } from '../format/format-units.ts';
import { actionsFor, type TransferSummary } from '../transfer-summary.ts';

export type TransferAction = 'stop' | 'resume' | 'remove';

export function TransferRow({
  transfer,
  onAction,
}: {
  transfer: TransferSummary;
  onAction: (action: TransferAction, uuid: string) => void;
}) {
  const actions = actionsFor(transfer.status);
  const name = transfer.title || transfer.uuid;
  const percent = Math.round((transfer.percentage ?? 0) * 100);
  return (
    <Box as="li" listStyleType="none" borderWidth="1px" borderRadius="md" p="3">
      <HStack justify="space-between">
        <Text fontWeight="medium" truncate>
          {transfer.transfer_spec?.direction === 'send' ? '↑' : '↓'} {name}
        </Text>
        <Text fontSize="sm" color="fg.muted">
          {transfer.status}
        </Text>
      </HStack>
      <Progress.Root value={percent} size="sm" my="2" aria-label={`${name}: ${percent}%`}>
        <Progress.Track>
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
      <HStack justify="space-between">
        <Text fontSize="xs" color="fg.muted">
          {formatBytes(transfer.bytes_written ?? 0)} of {formatBytes(transfer.bytes_expected ?? 0)} ·{' '}
          {formatRate(transfer.calculated_rate_kbps ?? 0)} {formatTimeLeft(transfer.remaining_usec)}
        </Text>
        <HStack gap="1">
          {actions.pause && (
            <Button size="xs" variant="outline" onClick={() => onAction('stop', transfer.uuid)}>
              Pause
            </Button>
          )}
          {actions.resume && (
            <Button size="xs" variant="outline" onClick={() => onAction('resume', transfer.uuid)}>
              Resume
            </Button>
          )}
          {actions.cancel && (
            <Button size="xs" variant="ghost" onClick={() => onAction('remove', transfer.uuid)}>
              {actions.pause ? 'Cancel' : 'Remove'}
            </Button>
          )}
        </HStack>
      </HStack>
    </Box>
  );
}
