import { useCallback, useEffect, useSyncExternalStore } from 'react';
import type { Connect } from '../connect/connect.ts';
import type { TransferInfo } from '../core/types.ts';
import { storeFor } from '../store/connect-store.ts';
import { useConnectInstance } from './use-connect.ts';

const NONE: readonly TransferInfo[] = [];

/**
 * Every transfer the client reported, by uuid, newest state; activity polling runs while this is mounted. Empty
 * on the server.
 *
 * @param given a `Connect`; by default the one of the enclosing {@link ConnectProvider}
 * @example const transfers = useTransfers(); return <ul>{transfers.map((t) => <li key={t.uuid}>{t.status}</li>)}</ul>;
 */
export function useTransfers(given?: Connect): readonly TransferInfo[] {
  const store = storeFor(useConnectInstance(given));
  useEffect(() => store.watchTransfers(), [store]);
  const subscribe = useCallback(
    (onChange: () => void) => store.subscribe(() => store.transfers.value, onChange),
    [store],
  );
  return useSyncExternalStore(
    subscribe,
    () => store.transfers.value,
    () => NONE,
  );
}

/**
 * One transfer by its uuid (`tags.aspera.xfer_id` of the start reply), or undefined until it is reported.
 *
 * @example const upload = useTransfer(uuid); return <progress value={upload?.percentage ?? 0} />;
 */
export function useTransfer(id: string, given?: Connect): TransferInfo | undefined {
  return useTransfers(given).find((transfer) => transfer.uuid === id);
}
