import { computed, effect, type ReadonlySignal, signal } from '@preact/signals-core';
import type { Connect } from '../connect/connect.ts';
import type { Listener } from '../connect/listeners.ts';
import { type PublicStatus, STATUS } from '../connect/status.ts';
import type { AllTransfersInfo, TransferInfo } from '../core/types.ts';

/**
 * A small reactive view of one `Connect` instance for UI bindings: its status, and its transfers keyed by uuid.
 * Transfer events come from activity polling, so the store listens for them (and polling runs) only while
 * something watches `transfers`.
 */
export interface ConnectStore {
  readonly status: ReadonlySignal<PublicStatus>;
  readonly transfers: ReadonlySignal<readonly TransferInfo[]>;
  /** Calls `onChange` after each change of what `read` reads; returns the unsubscribe function. */
  subscribe(read: () => unknown, onChange: () => void): () => void;
  /** Starts following transfer events; returns the function that stops (when no one else follows). */
  watchTransfers(): () => void;
}

const stores = new WeakMap<Connect, ConnectStore>();

/** The store of `connect`, created on first use and shared by every caller. */
export function storeFor(connect: Connect): ConnectStore {
  let store = stores.get(connect);
  if (!store) {
    store = createStore(connect);
    stores.set(connect, store);
  }
  return store;
}

function createStore(connect: Connect): ConnectStore {
  const status = signal<PublicStatus>(connect.getStatus?.() ?? STATUS.INITIALIZING);
  const byId = signal<ReadonlyMap<string, TransferInfo>>(new Map());
  const transfers = computed(() => [...byId.value.values()]);
  connect.addEventListener('status', (_type, value) => {
    status.value = value as PublicStatus;
  });

  const onTransfer: Listener = (_type, data) => {
    const info = data as AllTransfersInfo;
    if (!Array.isArray(info?.transfers) || info.transfers.length === 0) return;
    const next = new Map(byId.value);
    for (const transfer of info.transfers) if (transfer?.uuid) next.set(transfer.uuid, transfer);
    byId.value = next;
  };
  let watchers = 0;

  return {
    status,
    transfers,
    subscribe(read, onChange) {
      let first = true;
      return effect(() => {
        read();
        if (first) first = false;
        else onChange();
      });
    },
    watchTransfers() {
      if (watchers++ === 0) connect.addEventListener('transfer', onTransfer);
      let stopped = false;
      return () => {
        if (stopped) return;
        stopped = true;
        if (--watchers === 0) connect.removeEventListener('transfer', onTransfer);
      };
    },
  };
}
