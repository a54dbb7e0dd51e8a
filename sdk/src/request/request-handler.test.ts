import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Bridge, BridgeRequest, BridgeResponse } from '../bridge/bridge.ts';
import type { InternalStatus } from '../connect/status.ts';
import { RequestHandler } from './request-handler.ts';

/** Test double for a bridge: scripted detection and answers, and a way to fire a disconnect. */
class TestDoubleBridge implements Bridge {
  readonly kind = 'extension';
  extensionPresent = true;
  clientVersion: string | undefined = '4.2.0';
  sent: { request: BridgeRequest; id: number }[] = [];
  #disconnect = new Set<(detail: string) => void>();

  async detect(timeoutMs: number): Promise<boolean> {
    if (this.extensionPresent) return true;
    if (timeoutMs >= 0) await new Promise((resolve) => setTimeout(resolve, timeoutMs));
    return timeoutMs < 0 ? new Promise(() => {}) : false;
  }

  async send(request: BridgeRequest, id: number): Promise<BridgeResponse> {
    this.sent.push({ request, id });
    if (this.clientVersion === undefined) return { status: 0, body: '' };
    if (request.path === '/connect/info/version')
      return { status: 200, body: JSON.stringify({ version: this.clientVersion }) };
    return { status: 200, body: '{"ok":true}' };
  }

  onDisconnect(listener: (detail: string) => void) {
    this.#disconnect.add(listener);
    return () => this.#disconnect.delete(listener);
  }

  disconnect(detail: string) {
    for (const listener of this.#disconnect) listener(detail);
  }

  stop() {}
}

let bridge: TestDoubleBridge;
let statuses: InternalStatus[];
let installRequests: number;

function start(minVersion = '') {
  const handler = new RequestHandler({
    bridge,
    minVersion,
    connectLaunchWaitTimeoutMs: 5000,
    objectId: 2,
    onStatus: (status) => statuses.push(status),
    requestExtensionInstall: () => {
      installRequests += 1;
    },
  });
  handler.init();
  return handler;
}

beforeEach(() => {
  vi.useFakeTimers();
  bridge = new TestDoubleBridge();
  statuses = [];
  installRequests = 0;
});
afterEach(() => vi.useRealTimers());

describe('RequestHandler', () => {
  it('reaches RUNNING and flushes requests queued before it, with per-instance ids', async () => {
    const handler = start();
    const early = handler.send({ method: 'GET', path: '/connect/info/ping', body: '' });
    await vi.advanceTimersByTimeAsync(0);
    expect(statuses).toEqual(['INITIALIZING', 'RUNNING']);
    await expect(early).resolves.toEqual({ status: 200, body: '{"ok":true}' });
    expect(bridge.sent.map((s) => s.id)).toEqual([21000, 20001]);
  });

  it('is OUTDATED below the effective minimum, which never drops under 3.8.0', async () => {
    bridge.clientVersion = '3.7.9';
    start('3.0');
    await vi.advanceTimersByTimeAsync(0);
    expect(statuses.at(-1)).toBe('OUTDATED');
  });

  it('asks for the extension install and keeps waiting when no extension answers', async () => {
    bridge.extensionPresent = false;
    start();
    await vi.advanceTimersByTimeAsync(1000);
    expect(statuses).toEqual(['INITIALIZING', 'EXTENSION_INSTALL']);
    expect(installRequests).toBe(1);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(statuses.at(-1)).toBe('EXTENSION_INSTALL');
  });

  it('fails at once when the host is not installed and no call ever succeeded', async () => {
    bridge.clientVersion = undefined;
    start();
    await vi.advanceTimersByTimeAsync(100);
    bridge.disconnect('Specified native messaging host not found.');
    expect(statuses).toEqual(['INITIALIZING', 'FAILED']);
  });

  it('fails after connectLaunchWaitTimeoutMs when the client never answers', async () => {
    bridge.clientVersion = undefined;
    start();
    await vi.advanceTimersByTimeAsync(4999);
    expect(statuses).toEqual(['INITIALIZING']);
    await vi.advanceTimersByTimeAsync(1);
    expect(statuses).toEqual(['INITIALIZING', 'FAILED']);
  });

  it('degrades on a transient disconnect and comes back to RUNNING', async () => {
    start();
    await vi.advanceTimersByTimeAsync(0);
    bridge.disconnect('Native host has exited.');
    await vi.advanceTimersByTimeAsync(0);
    expect(statuses).toEqual(['INITIALIZING', 'RUNNING', 'DEGRADED', 'RUNNING']);
  });
});
