import { versionInfo } from '@rapid/protocol';
import { useEffect, useState } from 'react';
import type { PopupClient } from './client/popup-client.ts';
import { activityResult, type TransferSummary } from './transfer-summary.ts';

export type ClientStatus =
  | { state: 'connecting' }
  | { state: 'ready'; version: string }
  | { state: 'unreachable'; problem: string };

export type TransfersStatus =
  | { state: 'loading' }
  | { state: 'ready'; transfers: TransferSummary[] }
  | { state: 'error'; problem: string };

const REFRESH_MS = 1000;

/** Client version and transfer activity, refreshed every second while the popup is open. */
export function useClientStatus(client: PopupClient): { client: ClientStatus; transfers: TransfersStatus } {
  const [clientStatus, setClient] = useState<ClientStatus>({ state: 'connecting' });
  const [transfers, setTransfers] = useState<TransfersStatus>({ state: 'loading' });

  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const refresh = async () => {
      try {
        const version = await client.request('GET', '/connect/info/version');
        setClient({ state: 'ready', version: versionInfo.parse(JSON.parse(version.body)).version });
        const activity = await client.request('POST', '/connect/transfers/activity', '{"iteration_token":0}');
        const body = JSON.parse(activity.body);
        if (activity.status === 200)
          setTransfers({ state: 'ready', transfers: activityResult.parse(body).transfers });
        else
          setTransfers({ state: 'error', problem: body?.error?.user_message ?? `status ${activity.status}` });
      } catch (error) {
        setClient({ state: 'unreachable', problem: (error as Error).message });
        setTransfers({ state: 'loading' });
      }
      if (!stopped) timer = setTimeout(refresh, REFRESH_MS);
    };
    void refresh();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [client]);

  return { client: clientStatus, transfers };
}
