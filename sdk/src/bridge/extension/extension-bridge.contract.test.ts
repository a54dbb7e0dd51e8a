import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bridgeOverride, Connect } from '../../connect/connect.ts';
import { TestDoubleClient } from '../../test-doubles/test-double-client.ts';
import { TestDoubleExtension } from '../../test-doubles/test-double-extension.ts';
import { ExtensionBridge } from './extension-bridge.ts';

let client: TestDoubleClient;
let extension: TestDoubleExtension;
let connect: Connect;
let statuses: string[];

function start(options = {}) {
  connect = new Connect({ connectMethod: 'extension', minVersion: '3.9.0', ...options });
  connect.addEventListener('status', (_type, status) => statuses.push(status as string));
  connect.initSession('c2Vzc2lvbi1hcHAtaWQtZm9yLXRlc3Rz');
}

beforeEach(() => {
  localStorage.clear();
  vi.useFakeTimers();
  client = new TestDoubleClient();
  extension = new TestDoubleExtension(client);
  statuses = [];
  bridgeOverride.factories = (options) => ({
    extension: () => new ExtensionBridge(options.minVersion, options.extensionRequestTimeout),
  });
});
afterEach(() => {
  connect.stop();
  extension.remove();
  bridgeOverride.factories = undefined;
  vi.useRealTimers();
});

describe('extension bridge wire (connect-protocol.md §5)', () => {
  it('sends the request envelope with per-instance ids, min_version, GET bodies empty, dialog timeouts', async () => {
    start({ extensionRequestTimeout: 60_000 });
    await vi.advanceTimersByTimeAsync(10);
    void connect.showAbout();
    void connect.showSelectFileDialogPromise();
    await vi.advanceTimersByTimeAsync(10);
    const [probe, about, dialog] = extension.envelopes as Record<string, unknown>[];
    const objectId = (probe?.request_id as number) / 10500;
    expect(Number.isInteger(objectId)).toBe(true);
    expect(probe).toEqual({
      request_id: objectId * 10500,
      min_version: '3.9.0',
      method: 'GET',
      uri_reference: '/connect/info/version',
      body: '',
    });
    expect(about).toMatchObject({
      request_id: objectId * 10000 + 1,
      uri_reference: '/connect/windows/about',
      body: '',
    });
    expect(about).not.toHaveProperty('timeout');
    expect(dialog).toMatchObject({ request_id: objectId * 10000 + 2, method: 'POST', timeout: 60_000 });
  });

  it('reassembles body64 pieces into one UTF-8 body', async () => {
    client.version = '4.2.0-größe';
    extension.chunkChars = 8;
    start();
    await vi.advanceTimersByTimeAsync(10);
    const version = connect.version();
    await vi.advanceTimersByTimeAsync(10);
    await expect(version).resolves.toEqual({ version: '4.2.0-größe', system_wide: false });
  });

  it('ignores replies to ids it did not send', async () => {
    start();
    await vi.advanceTimersByTimeAsync(10);
    extension.silent = true;
    const success = vi.fn();
    void connect.version({ success });
    await vi.advanceTimersByTimeAsync(10);
    const id = (extension.envelopes.at(-1) as { request_id: number }).request_id;
    extension.reply({ request_id: id + 1, status: 200, body: '{"version":"9"}' });
    extension.reply({ request_id: id + 100_000, status: 200, body: '{"version":"9"}' });
    await vi.advanceTimersByTimeAsync(10);
    expect(success).not.toHaveBeenCalled();
    extension.reply({ request_id: id, status: 200, body: '{"version":"4.2.0"}' });
    await vi.advanceTimersByTimeAsync(10);
    expect(success).toHaveBeenCalledWith({ version: '4.2.0' });
  });

  it('shows EXTENSION_INSTALL after 1 s without an extension and posts show_extension_install', async () => {
    extension.remove();
    const messages: unknown[] = [];
    const onMessage = (event: MessageEvent) => messages.push(event.data);
    window.addEventListener('message', onMessage);
    start();
    await vi.advanceTimersByTimeAsync(999);
    expect(statuses).toEqual(['INITIALIZING']);
    await vi.advanceTimersByTimeAsync(1);
    expect(statuses).toEqual(['INITIALIZING', 'EXTENSION_INSTALL']);
    await vi.waitFor(() => expect(messages).toContain('show_extension_install'));
    window.removeEventListener('message', onMessage);
    // The extension arrives later: detection is still running.
    extension = new TestDoubleExtension(client);
    await vi.advanceTimersByTimeAsync(1010);
    expect(statuses.at(-1)).toBe('RUNNING');
  });

  it('fails at once on a "not installed" disconnect, degrades and recovers on any other', async () => {
    extension.silent = true;
    start();
    await vi.advanceTimersByTimeAsync(10);
    extension.disconnect('Specified native messaging host not found.');
    expect(statuses).toEqual(['INITIALIZING', 'FAILED']);
    connect.stop();

    statuses = [];
    extension.silent = false;
    start();
    await vi.advanceTimersByTimeAsync(10);
    extension.disconnect('Native host has exited.');
    await vi.advanceTimersByTimeAsync(10);
    // DEGRADED is internal and looks RUNNING from outside, so the page sees no change.
    expect(statuses).toEqual(['INITIALIZING', 'RUNNING']);
    const version = connect.version();
    await vi.advanceTimersByTimeAsync(10);
    await expect(version).resolves.toMatchObject({ version: '4.2.0' });
  });

  it('hands requests in flight at a disconnect back to the queue and answers them after recovery', async () => {
    start();
    await vi.advanceTimersByTimeAsync(10);
    extension.silent = true;
    const version = connect.version();
    await vi.advanceTimersByTimeAsync(10);
    extension.silent = false;
    extension.disconnect('Native host has exited.');
    await vi.advanceTimersByTimeAsync(10);
    await expect(version).resolves.toMatchObject({ version: '4.2.0' });
  });
});

describe('client detection behind the extension', () => {
  it('re-sends the version probe every second with the same id while nothing answers', async () => {
    extension.silent = true;
    start();
    await vi.advanceTimersByTimeAsync(2500);
    const probes = (extension.envelopes as { request_id: number; uri_reference: string }[]).filter(
      (envelope) => envelope.uri_reference === '/connect/info/version',
    );
    expect(probes).toHaveLength(3);
    expect(new Set(probes.map((probe) => probe.request_id)).size).toBe(1);
    extension.silent = false;
    await vi.advanceTimersByTimeAsync(1000);
    expect(statuses).toEqual(['INITIALIZING', 'RUNNING']);
  });
});
