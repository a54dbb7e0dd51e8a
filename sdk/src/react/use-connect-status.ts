import { useCallback, useSyncExternalStore } from 'react';
import type { Connect } from '../connect/connect.ts';
import { type PublicStatus, STATUS } from '../connect/status.ts';
import { storeFor } from '../store/connect-store.ts';
import { useConnectInstance } from './use-connect.ts';

/**
 * The public status (`Connect.STATUS`), re-rendering on each change; INITIALIZING on the server.
 *
 * @param given a `Connect`; by default the one of the enclosing {@link ConnectProvider}
 * @example const status = useConnectStatus(); // 'RUNNING'
 */
export function useConnectStatus(given?: Connect): PublicStatus {
  const store = storeFor(useConnectInstance(given));
  const subscribe = useCallback(
    (onChange: () => void) => store.subscribe(() => store.status.value, onChange),
    [store],
  );
  return useSyncExternalStore(
    subscribe,
    () => store.status.value,
    () => STATUS.INITIALIZING,
  );
}
