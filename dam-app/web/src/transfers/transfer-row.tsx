import { Box, Button, Flex, Progress, Text } from '@chakra-ui/react';
import type { Connect, TransferInfo } from '@rapid/sdk';
import { usePreferences } from '../app/preferences.tsx';
import { transferStateKey } from './client-state.ts';
import { formatRate, formatTimeLeft, percentOf, shownTitleOf } from './format-transfer.ts';

const LIVE = new Set(['initiating', 'queued', 'running', 'willretry']);

/**
 * One transfer in the panel: direction, name, status, progress, rate and time left, with pause, resume and cancel
 * (the client's stop and resume; a paused transfer keeps its partial files and only the missing bytes move again).
 */
export function TransferRow(props: {
  transfer: TransferInfo;
  connect: Connect;
  paused: boolean;
  onPause(paused: boolean): void;
  onCancel(): void;
}) {
  const { t } = usePreferences();
  const stateText = (status: string) => {
    const key = transferStateKey(status);
    return key ? t(key) : status;
  };
  const { transfer } = props;
  const title = shownTitleOf(transfer, (name, count) => t('transfer.titleMore', { name, count }));
  const percent = percentOf(transfer);
  const live = LIVE.has(transfer.status);
  const left = live ? formatTimeLeft(transfer.remaining_usec) : undefined;
  const upload = transfer.transfer_spec?.direction === 'send';
  const shownStatus = props.paused && !live ? t('transfer.pause') : stateText(transfer.status);
  // Where a finished download went, and a way to open it (the client opens its file manager there).
  const explorerPath = typeof transfer.explorer_path === 'string' ? transfer.explorer_path : '';
  const savedIn = !upload && transfer.status === 'completed' && explorerPath ? explorerPath : undefined;
  return (
    <Box
      as="li"
      borderWidth="1px"
      borderRadius="md"
      p="3"
      data-testid="transfer-row"
      data-status={transfer.status}
    >
      <Flex justify="space-between" gap="2" align="baseline">
        <Text fontWeight="semibold" truncate title={title}>
          {upload ? '↑' : '↓'} {title}
        </Text>
        <Text fontSize="xs" color="fg.muted" flexShrink={0}>
          {upload ? t('transfer.up') : t('transfer.down')} · {shownStatus}
        </Text>
      </Flex>
      <Progress.Root
        size="sm"
        my="2"
        value={percent ?? null}
        aria-label={title}
        colorPalette={transfer.status === 'failed' ? 'red' : 'teal'}
      >
        <Progress.Track>
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
      <Flex justify="space-between" gap="2" align="center" wrap="wrap">
        <Text fontSize="xs" color="fg.muted" data-testid="transfer-figures">
          {percent === undefined ? '…' : `${Math.floor(percent)} %`} ·{' '}
          {formatRate(transfer.calculated_rate_kbps)}
          {left ? ` · ${t('transfer.timeLeft', { time: left })}` : ''}
          {transfer.status === 'failed' && typeof transfer.error_desc === 'string'
            ? ` · ${t('transfer.failed', { reason: transfer.error_desc })}`
            : ''}
        </Text>
        <Flex gap="1">
          {savedIn && (
            <Button
              size="2xs"
              variant="outline"
              onClick={() => void props.connect.showDirectory(transfer.uuid)}
            >
              {t('transfer.showFolder')}
            </Button>
          )}
          {live && (
            <Button size="2xs" variant="outline" onClick={() => props.onPause(true)}>
              {t('transfer.pause')}
            </Button>
          )}
          {!live && props.paused && (
            <Button size="2xs" variant="outline" onClick={() => props.onPause(false)}>
              {t('transfer.resume')}
            </Button>
          )}
          {(live || props.paused) && (
            <Button size="2xs" variant="ghost" colorPalette="red" onClick={props.onCancel}>
              {t('transfer.cancelTransfer')}
            </Button>
          )}
        </Flex>
      </Flex>
      {savedIn && (
        <Text fontSize="xs" color="fg.muted" truncate title={savedIn} data-testid="transfer-saved-in">
          {t('transfer.savedIn', { path: savedIn })}
        </Text>
      )}
    </Box>
  );
}
