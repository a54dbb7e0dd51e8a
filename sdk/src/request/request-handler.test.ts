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
  answers = new Map<string, BridgeResponse[]>();
  #disconnect = new Set<(detail: string) => void>();

  async detect(timeoutMs: number): Promise<boolean> {
    if (this.extensionPresent) return true;
    if (timeoutMs >= 0) await new Promise((resolve) => setTimeout(resolve, timeoutMs));
    return timeoutMs < 0 ? new Promise(() => {}) : false;
  }

  async send(request: BridgeRequest, id: number): Promise<BridgeResponse> {
    this.sent.push({ request, id });
    if (this.clientVersion === undefined) return { status: 0, body: '' };
    const scripted = this.answers.get(request.path)?.shift();
    if (scripted) return scripted;
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

function start(effectiveMinVersion = '3.8.0', wantsExtensionInstall = true) {
  const handler = new RequestHandler({
    factories: { extension: () => bridge },
    httpOnly: false,
    wantsExtensionInstall,
    effectiveMinVersion,
    updateRequireBody: () => '{"min_version":"3.8.0"}',
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
  localStorage.clear();
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
    start('3.8.0');
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

  it('when OUTDATED asks the client to update, then re-checks every second until it is new enough', async () => {
    bridge.clientVersion = '3.9.0';
    start('4.0.0');
    await vi.advanceTimersByTimeAsync(0);
    expect(statuses.at(-1)).toBe('OUTDATED');
    const update = bridge.sent.find((s) => s.request.path === '/connect/update/require');
    expect(update?.request).toEqual({
      method: 'POST',
      path: '/connect/update/require',
      body: '{"min_version":"3.8.0"}',
    });
    bridge.clientVersion = '4.1.0';
    await vi.advanceTimersByTimeAsync(999);
    expect(statuses.at(-1)).toBe('OUTDATED');
    await vi.advanceTimersByTimeAsync(1);
    expect(statuses.at(-1)).toBe('RUNNING');
    // Outlasting the init timeout does not fail an OUTDATED or RUNNING session.
    await vi.advanceTimersByTimeAsync(10_000);
    expect(statuses).toEqual(['INITIALIZING', 'OUTDATED', 'RUNNING']);
  });

  it('treats 503 from the version probe as an old client', async () => {
    bridge.answers.set('/connect/info/version', [{ status: 503, body: '' }]);
    start();
    await vi.advanceTimersByTimeAsync(0);
    expect(statuses).toEqual(['INITIALIZING', 'OUTDATED']);
  });

  it('requeues a status-0 answer and degrades, then sends it again once the client is back', async () => {
    const handler = start();
    await vi.advanceTimersByTimeAsync(0);
    bridge.answers.set('/connect/windows/about', [{ status: 0, body: '' }]);
    const about = handler.send({ method: 'GET', path: '/connect/windows/about', body: '' });
    await vi.advanceTimersByTimeAsync(0);
    await expect(about).resolves.toEqual({ status: 200, body: '{"ok":true}' });
    expect(bridge.sent.filter((s) => s.request.path === '/connect/windows/about')).toHaveLength(2);
    expect(statuses).toEqual(['INITIALIZING', 'RUNNING', 'DEGRADED', 'RUNNING']);
  });

  it('answers the first 3 unanswered activity polls with an empty error, then queues them', async () => {
    const handler = start();
    await vi.advanceTimersByTimeAsync(0);
    const poll = { method: 'POST', path: '/connect/transfers/activity', body: '{}' } as const;
    bridge.answers.set(
      poll.path,
      Array.from({ length: 4 }, () => ({ status: 0, body: '' })),
    );
    for (let i = 0; i < 3; i++) await expect(handler.send(poll)).resolves.toEqual({ status: 0, body: '{}' });
    expect(statuses.at(-1)).toBe('RUNNING');
    const fourth = handler.send(poll);
    await vi.advanceTimersByTimeAsync(0);
    await expect(fourth).resolves.toEqual({ status: 200, body: '{"ok":true}' });
    expect(statuses).toEqual(['INITIALIZING', 'RUNNING', 'DEGRADED', 'RUNNING']);
  });

  it('refuses queued and later requests once stopped', async () => {
    bridge.clientVersion = undefined;
    const handler = start();
    const queued = handler.send({ method: 'GET', path: '/connect/windows/about', body: '' });
    handler.stop();
    const stopped = {
      error: {
        code: -1,
        internal_message: 'Invalid request',
        user_message: 'Connect is stopped. Call #start to resume session.',
      },
    };
    await expect(queued).rejects.toEqual(stopped);
    await expect(handler.send({ method: 'GET', path: '/x', body: '' })).rejects.toEqual(stopped);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(statuses).toEqual(['INITIALIZING', 'STOPPED']);
  });

  it('does not ask for the install again once an extension was seen here; the timeout fails it', async () => {
    localStorage.setItem('aspera-extension-installed', 'true');
    bridge.extensionPresent = false;
    start();
    await vi.advanceTimersByTimeAsync(5000);
    expect(statuses).toEqual(['INITIALIZING', 'FAILED']);
    expect(installRequests).toBe(0);
  });

  it('falls back to HTTP when the page does not want the extension install', async () => {
    bridge.extensionPresent = false;
    const http = new TestDoubleBridge();
    const handler = new RequestHandler({
      factories: { extension: () => bridge, http: () => http },
      httpOnly: false,
      wantsExtensionInstall: false,
      effectiveMinVersion: '3.8.0',
      updateRequireBody: () => '{}',
      connectLaunchWaitTimeoutMs: 5000,
      objectId: 3,
      onStatus: (status) => statuses.push(status),
      requestExtensionInstall: () => {},
    });
    handler.init();
    await vi.advanceTimersByTimeAsync(1000);
    expect(statuses).toEqual(['INITIALIZING', 'RUNNING']);
    expect(http.sent.map((s) => s.id)).toEqual([31500]);
  });
});

describe('RequestHandler on the plug-in path', () => {
  it('fails at once when the plug-in is missing or too old', async () => {
    const plugin = new TestDoubleBridge();
    plugin.extensionPresent = false;
    const handler = new RequestHandler({
      factories: { plugin: () => plugin },
      httpOnly: false,
      wantsExtensionInstall: false,
      effectiveMinVersion: '3.8.0',
      updateRequireBody: () => '{}',
      connectLaunchWaitTimeoutMs: 5000,
      objectId: 4,
      onStatus: (status) => statuses.push(status),
      requestExtensionInstall: () => {},
    });
    handler.init();
    await vi.advanceTimersByTimeAsync(0);
    expect(statuses).toEqual(['INITIALIZING', 'FAILED']);
  });
});
