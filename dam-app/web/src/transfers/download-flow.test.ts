import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TRANSFER_MESSAGES } from '../../../api/transfer-messages.ts';
import { DOCK_CLEANUP_DELAY_MS, DOCK_POLL_MS, type DownloadClient, DownloadFlow } from './download-flow.ts';
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

let dockStates: string[];
let notificationId: string;

const api = {
  prepareLoadingDock: async (body: { cartId?: number; bundleId?: number }) => {
    calls.push(body.cartId ? `dock cart ${body.cartId}` : `dock bundle ${body.bundleId}`);
    return { loadingDockId: 4, notificationId, state: 'preparing', totalSize: 10, files: [] };
  },
  loadingDock: async (id: string) => {
    calls.push(`state ${id}`);
    return { state: dockStates.shift() ?? 'ready' };
  },
  loadingDockFiles: async (query: { notificationId?: string; LoadingDockId?: string }) => {
    calls.push(`files ${query.notificationId ?? '-'} ${query.LoadingDockId}`);
    return {
      loadingDockId: 4,
      notificationId: 'note-123456',
      bulk: false,
      files: [
        { source: 'LoadingDock/note-123456/a.png', destination: 'a.png', size: 1 },
        { source: 'LoadingDock/note-123456/a (2).png', destination: 'a (2).png', size: 1 },
      ],
    };
  },
  cartAssets: async () => ({ items: [{ path: 'Library/a.png' }, { path: 'Library/b.png' }] }),
  preTransfer: async (body: { paths: { source?: string; destination?: string }[] }) => {
    calls.push(`pre ${body.paths.map((path) => `${path.source}>${path.destination ?? ''}`).join('+')}`);
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
  dockStates = [];
  notificationId = 'note-123456';
});
afterEach(() => vi.useRealTimers());

describe('the download flow (R-DOCK-DOWNLOAD, R-DOCK-CLEANUP)', () => {
  it('prepares a cart in the loading dock, waits until it is ready, transfers exactly its files once, and cleans up 10 s after it completes', async () => {
    const cleaned: string[] = [];
    const flow = new DownloadFlow({
      client,
      api,
      log: (message) => logs.push(message),
      onDockCleaned: (id) => cleaned.push(id),
    });
    dockStates = ['preparing', 'converting', 'ready'];
    const started = flow.download({ kind: 'cart', cart: { id: 7, name: 'Shoot' } }, 'Library');
    await vi.advanceTimersByTimeAsync(DOCK_POLL_MS * 3);
    expect(await started).toBe('started');
    expect(calls).toEqual([
      'dock cart 7',
      'state note-123456',
      'state note-123456',
      'state note-123456',
      'files note-123456 4',
      'pre LoadingDock/note-123456/a.png>a.png+LoadingDock/note-123456/a (2).png>a (2).png',
    ]);
    expect(client.started).toHaveLength(1);
    client.announce('running');
    await vi.advanceTimersByTimeAsync(DOCK_CLEANUP_DELAY_MS * 2);
    expect(calls).not.toContain('done note-123456');
    client.announce('completed');
    await vi.advanceTimersByTimeAsync(DOCK_CLEANUP_DELAY_MS - 1);
    expect(calls).not.toContain('done note-123456');
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toContain('done note-123456');
    expect(cleaned).toEqual(['note-123456']);
    expect(client.listeners.size).toBe(0);
  });

  it('downloads a bundle through the dock too, and a dock that failed is not transferred', async () => {
    const flow = new DownloadFlow({ client, api, log: (message) => logs.push(message) });
    expect(await flow.download({ kind: 'bundle', bundle: { id: 3, name: 'Kit' } }, 'Library')).toBe(
      'started',
    );
    expect(calls.slice(0, 3)).toEqual(['dock bundle 3', 'state note-123456', 'files note-123456 4']);
    calls = [];
    dockStates = ['failed'];
    const dock = { loadingDockId: 4, notificationId: 'note-123456' };
    expect(await flow.download({ kind: 'dock', dock }, 'Library')).toBe('dock-not-ready');
    expect(calls).toEqual(['state note-123456']);
  });

  it('logs a dock without a notification id (an old loading dock script) and proceeds by its dock id', async () => {
    const flow = new DownloadFlow({ client, api, log: (message) => logs.push(message) });
    notificationId = '';
    expect(await flow.download({ kind: 'cart', cart: { id: 7, name: 'Shoot' } }, 'Library')).toBe('started');
    expect(logs).toEqual([TRANSFER_MESSAGES.noNotificationId]);
    expect(calls.slice(0, 2)).toEqual(['dock cart 7', 'files - 4']);
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
