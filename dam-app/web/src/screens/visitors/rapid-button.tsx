import { Button, Flex, Text } from '@chakra-ui/react';
import { STATUS } from '@rapid/sdk';
import { useConnect } from '@rapid/sdk/react';
import { useEffect, useRef, useState } from 'react';
import { MIN_CLIENT_VERSION } from '../../../../api/transfer-messages.ts';
import { usePreferences } from '../../app/preferences.tsx';
import { useClientStatus } from '../../transfers/use-client-status.ts';

type Phase = 'idle' | 'starting' | 'running' | 'counted' | 'done' | 'failed';
type TransferEvent = { transfers?: { uuid?: string; status?: string }[] };

/** How often, and how many times, the page asks again when the node has not yet recorded the end it reported. */
const DONE_RETRY_MS = 1000;
const DONE_TRIES = 10;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The visited thing's two Rapid endpoints, called with what the page holds (its token and grant). */
export interface RapidEndpoints {
  /** Asks the server for the spec the node signs for the visited files only. */
  spec(): Promise<{ transfer_specs: { transfer_spec: Record<string, unknown> }[] }>;
  /** Tells the server the transfer of `cookie` ended; it asks the node and answers whether a download was counted. */
  done(cookie: string): Promise<{ counted: boolean }>;
}

/**
 * "Download with Rapid" on a share or portal page: the page's own Connect session and installer banner (no DAM
 * account), the spec the server has the node sign for the visited files only, and, once the client says the transfer
 * completed, the server is told so: it asks the node and counts one download when the node finished every file. Its
 * own chunk: the SDK loads only on visitor pages that show the button.
 */
export function RapidButton(props: RapidEndpoints & { onCounted(): void }) {
  const { t } = usePreferences();
  const connect = useConnect({ minVersion: MIN_CLIENT_VERSION });
  const { status } = useClientStatus(connect);
  const [phase, setPhase] = useState<Phase>('idle');
  const listener = useRef<((type: string, data: unknown) => void) | undefined>(undefined);
  const { onCounted } = props;

  useEffect(
    () => () => {
      if (listener.current) connect.removeEventListener('transfer', listener.current);
    },
    [connect],
  );

  async function reportDone(cookie: string) {
    for (let tries = 1; ; tries++) {
      try {
        const answer = await props.done(cookie);
        setPhase(answer.counted ? 'counted' : 'done');
        onCounted();
        return;
      } catch (error) {
        // The client may report the end before the node has recorded it: ask again a few times.
        if ((error as { code?: string }).code !== 'transfer_incomplete' || tries >= DONE_TRIES) throw error;
        await sleep(DONE_RETRY_MS);
      }
    }
  }

  async function start() {
    setPhase('starting');
    try {
      const answer = await props.spec();
      const spec = answer.transfer_specs[0]?.transfer_spec;
      if (!spec) throw new Error('no spec');
      const cookie = String(spec.cookie);
      const started = (await connect.startTransferPromise(spec, { allow_dialogs: false })) as {
        transfer_specs?: { uuid?: string }[];
      };
      const uuid = started.transfer_specs?.[0]?.uuid;
      setPhase('running');
      const onTransfer = (_type: string, data: unknown) => {
        const mine = (data as TransferEvent).transfers?.find((each) => each.uuid === uuid);
        if (mine?.status !== 'completed' && mine?.status !== 'failed') return;
        connect.removeEventListener('transfer', onTransfer);
        listener.current = undefined;
        if (mine.status === 'failed') setPhase('failed');
        else reportDone(cookie).catch(() => setPhase('failed'));
      };
      listener.current = onTransfer;
      connect.addEventListener('transfer', onTransfer);
    } catch {
      setPhase('failed');
    }
  }

  const running = status === STATUS.RUNNING;
  const busy = phase === 'starting' || phase === 'running';
  return (
    <Flex gap="3" wrap="wrap" align="center" data-rapid-phase={phase}>
      <Button
        colorPalette="teal"
        variant="outline"
        disabled={!running || busy}
        loading={busy}
        loadingText={t('share.rapidRunning')}
        onClick={() => void start()}
      >
        {t('share.rapid')}
      </Button>
      <Text color="fg.muted" fontSize="sm" role="status">
        {running ? t(`share.rapid.${phase}`) : t('share.rapidNoClient')}
      </Text>
    </Flex>
  );
}
