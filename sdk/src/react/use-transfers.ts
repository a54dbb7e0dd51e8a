import { useCallback, useEffect, useSyncExternalStore } from 'react';
import type { Connect } from '../connect/connect.ts';
import type { TransferInfo } from '../core/types.ts';
import { storeFor } from '../store/connect-store.ts';
import { useConnectInstance } from './use-connect.ts';

const NONE: readonly TransferInfo[] = [];

/** Every transfer the client reported, by uuid, newest state; activity polling runs while this is mounted. */
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

/** One transfer by its uuid (`tags.aspera.xfer_id` of the start reply), or undefined until it is reported. */
export function useTransfer(id: string, given?: Connect): TransferInfo | undefined {
  return useTransfers(given).find((transfer) => transfer.uuid === id);
}
