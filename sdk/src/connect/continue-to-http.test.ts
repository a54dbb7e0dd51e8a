import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ExtensionBridge } from '../bridge/extension/extension-bridge.ts';
import { HttpBridge } from '../bridge/http/http-bridge.ts';
import { TestDoubleClient } from '../test-doubles/test-double-client.ts';
import { TestDoubleXhrServer } from '../test-doubles/test-double-xhr-server.ts';
import { bridgeOverride, Connect } from './connect.ts';

let connect: Connect;
let statuses: string[];

beforeEach(() => {
  localStorage.clear();
  vi.useFakeTimers();
  statuses = [];
  const server = new TestDoubleXhrServer(new TestDoubleClient());
  vi.stubGlobal('XMLHttpRequest', server.XMLHttpRequest);
  // No extension answers; HTTP does.
  bridgeOverride.factories = (options) => ({
    extension: () => new ExtensionBridge(options.minVersion),
    http: () => new HttpBridge(() => {}),
  });
});
afterEach(() => {
  connect.stop();
  bridgeOverride.factories = undefined;
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function start() {
  connect = new Connect({ minVersion: '3.9.0' });
  connect.addEventListener('status', (_type, status) => statuses.push(status as string));
  connect.initSession('c2Vzc2lvbi1hcHAtaWQtZm9yLXRlc3Rz');
}

describe('continue without the extension', () => {
  it('moves an EXTENSION_INSTALL session onto HTTP and keeps the requests it queued', async () => {
    start();
    const version = connect.version();
    await vi.advanceTimersByTimeAsync(1000);
    expect(statuses).toEqual(['INITIALIZING', 'EXTENSION_INSTALL']);
    window.dispatchEvent(new MessageEvent('message', { data: 'continue', source: window }));
    await vi.advanceTimersByTimeAsync(10);
    expect(statuses).toEqual(['INITIALIZING', 'EXTENSION_INSTALL', 'INITIALIZING', 'RUNNING']);
    await expect(version).resolves.toMatchObject({ version: '4.2.0' });
  });

  it('goes straight to HTTP while a version exception is stored', async () => {
    localStorage.setItem('connect-version-continued', String(Date.now() / 1000 - 60));
    start();
    await vi.advanceTimersByTimeAsync(10);
    expect(statuses).toEqual(['INITIALIZING', 'RUNNING']);
  });
});
