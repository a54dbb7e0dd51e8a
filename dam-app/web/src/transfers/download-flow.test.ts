import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TRANSFER_MESSAGES } from '../../../api/transfer-messages.ts';
import { DOCK_CLEANUP_DELAY_MS, type DownloadClient, DownloadFlow } from './download-flow.ts';
import type { TransferApi } from './transfer-api.ts';

type Listener = (type: string, data: unknown) => void;

/** A client that starts transfers and lets the test announce their statuses as transfer events. */
class EventClient implements DownloadClient {
  listeners = new Set<Listener>();
  started: Record<string, unknown>[] = [];
  async startTransferPromise(spec: Record<string, unknown>) {
    this.started.push(spec);
    return { transfer_specs: [{ uuid: 'u1' }] };
  }
  addEventListener(_type: 'transfer', listener: Listener) {
    this.listeners.add(listener);
  }
  removeEventListener(_type: 'transfer', listener: Listener) {
    this.listeners.delete(listener);
  }
  announce(status: string) {
    for (const listener of [...this.listeners]) listener('transfer', { transfers: [{ uuid: 'u1', status }] });
  }
}

let client: EventClient;
let calls: string[];
let logs: string[];
let specs: Record<string, unknown>[];

const api = {
  prepareLoadingDock: async (body: { cartId?: number }) => {
    calls.push(`dock ${body.cartId}`);
    return { loadingDockId: 4, notificationId: 'note-123456', totalSize: 10, files: [] };
  },
  cartAssets: async () => ({ items: [{ path: 'Library/a.png' }, { path: 'Library/b.png' }] }),
  preTransfer: async (body: { paths: { source?: string }[] }) => {
    calls.push(`pre ${body.paths.map((path) => path.source).join('+')}`);
    return specs;
  },
  loadingDockDone: async (id: string) => {
    calls.push(`done ${id}`);
    return { ok: true as const };
  },
} as unknown as TransferApi;

beforeEach(() => {
  vi.useFakeTimers();
  client = new EventClient();
  calls = [];
  logs = [];
  specs = [{ remote_host: 'node' }];
});
afterEach(() => vi.useRealTimers());

describe('the download flow (R-DOCK-DOWNLOAD, R-DOCK-CLEANUP)', () => {
  it('prepares a cart in the loading dock, downloads its files as one transfer, and cleans up 10 s after it completes', async () => {
    const flow = new DownloadFlow({ client, api, log: (message) => logs.push(message) });
    expect(await flow.download({ kind: 'cart', cart: { id: 7, name: 'Shoot' } }, 'Library')).toBe('started');
    expect(calls).toEqual(['dock 7', 'pre Library/a.png+Library/b.png']);
    expect(client.started).toHaveLength(1);
    client.announce('running');
    await vi.advanceTimersByTimeAsync(DOCK_CLEANUP_DELAY_MS * 2);
    expect(calls).not.toContain('done note-123456');
    client.announce('completed');
    await vi.advanceTimersByTimeAsync(DOCK_CLEANUP_DELAY_MS - 1);
    expect(calls).not.toContain('done note-123456');
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toContain('done note-123456');
    expect(client.listeners.size).toBe(0);
  });

  it('does not start without the ACL’s relative path, and logs an empty pre-transfer answer', async () => {
    const flow = new DownloadFlow({ client, api, log: (message) => logs.push(message) });
    const folder = { id: 1, name: 'x', path: 'Library/x', parentId: null };
    expect(await flow.download({ kind: 'folder', folder }, null)).toBe('no-acl-path');
    expect(logs).toEqual([TRANSFER_MESSAGES.noAclPermission]);
    specs = [];
    expect(await flow.download({ kind: 'folder', folder }, 'Library/')).toBe('no-spec');
    expect(logs.at(-1)).toBe(TRANSFER_MESSAGES.emptyPreTransfer);
    expect(client.started).toEqual([]);
  });
});
