import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bridgeOverride, Connect } from '../../connect/connect.ts';
import { decryptPayload } from '../../crypto/aes-ofb.ts';
import { TestDoubleClient } from '../../test-doubles/test-double-client.ts';
import { TestDoubleLegacyServer } from '../../test-doubles/test-double-legacy-server.ts';
import { TestDoubleXhrServer } from '../../test-doubles/test-double-xhr-server.ts';
import { LegacyHttpBridge } from './legacy-http-bridge.ts';

let client: TestDoubleClient;
let legacy: TestDoubleLegacyServer;
let server: TestDoubleXhrServer;
let connect: Connect;
let statuses: string[];
let bridges: LegacyHttpBridge[];

function start(options = {}) {
  connect = new Connect({ connectMethod: 'http', ...options });
  connect.addEventListener('status', (_type, status) => statuses.push(status as string));
  connect.initSession('c2Vzc2lvbi1hcHAtaWQtZm9yLXRlc3Rz');
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  vi.useFakeTimers();
  client = new TestDoubleClient();
  legacy = new TestDoubleLegacyServer(client);
  server = new TestDoubleXhrServer(client, legacy.route);
  vi.stubGlobal('XMLHttpRequest', server.XMLHttpRequest);
  statuses = [];
  bridges = [];
  bridgeOverride.factories = () => ({
    http: () => {
      const bridge = new LegacyHttpBridge({ launch: legacy.launch });
      bridges.push(bridge);
      return bridge;
    },
  });
});
afterEach(() => {
  connect.stop();
  bridgeOverride.factories = undefined;
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('legacy HTTPS session protocol (connect-protocol.md §8.2)', () => {
  it('launches with key and id, waits for /ready every second, then runs and remembers the session', async () => {
    legacy.readyAfter = 2;
    start();
    await vi.advanceTimersByTimeAsync(10);
    const session = bridges[0]?.session;
    expect(session?.key).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(legacy.launches).toEqual([`fasp://initialize/?key=${session?.key}&id=${session?.id}`]);
    const urls = server.seen.map((each) => each.url);
    expect(urls.filter((url) => url.includes('/connect/info/ping'))).toHaveLength(10);
    expect(urls).toContain('https://local.connectme.us:43003/v5/connect/info/version');
    // WAITING is internal: the page still sees INITIALIZING.
    expect(statuses).toEqual(['INITIALIZING']);
    await vi.advanceTimersByTimeAsync(2000);
    expect(statuses).toEqual(['INITIALIZING', 'RUNNING']);
    expect(legacy.readyPolls).toBe(3);
    expect(sessionStorage.getItem('aspera-last-known-session-id')).toBe(session?.id);
    expect(sessionStorage.getItem('aspera-last-known-session-key')).toBe(session?.key);
    expect(sessionStorage.getItem('aspera-last-known-port')).toBe('43003');
    expect(sessionStorage.getItem('aspera-launch-attempted')).toBe('yes');
  });

  it('sends /v6 calls with the session header and AES-OFB bodies, and decrypts the replies', async () => {
    start();
    await vi.advanceTimersByTimeAsync(10);
    const session = bridges[0]?.session;
    const read = connect.readAsArrayBuffer({ path: '/a.txt' });
    await vi.advanceTimersByTimeAsync(10);
    const sent = server.seen.at(-1);
    expect(sent?.url).toBe('https://local.connectme.us:43003/v6/connect/file/read-as-array-buffer/');
    expect(sent?.headers).toEqual({ 'x-aspera-session-id': session?.id });
    expect(sent?.body).toMatch(/^[0-9a-f]{32}\.[0-9a-f]+$/);
    expect(decryptPayload(sent?.body ?? '', session?.key ?? '')).toBe(
      '{"path":"/a.txt","aspera_connect_settings":{"app_id":"c2Vzc2lvbi1hcHAtaWQtZm9yLXRlc3Rz"}}',
    );
    await expect(read).resolves.toEqual({
      echo: { path: '/a.txt', aspera_connect_settings: expect.any(Object) },
    });
  });

  it('initialises fast from the stored session with one /ready call and no launch', async () => {
    sessionStorage.setItem('aspera-last-known-session-id', 'stored-id');
    sessionStorage.setItem('aspera-last-known-session-key', 'k'.repeat(32));
    sessionStorage.setItem('aspera-last-known-port', '43004');
    legacy.listening.add(43004);
    legacy.session = { id: 'stored-id', key: 'k'.repeat(32) };
    start();
    await vi.advanceTimersByTimeAsync(10);
    expect(statuses).toEqual(['INITIALIZING', 'RUNNING']);
    expect(legacy.launches).toEqual([]);
    expect(server.seen[0]?.url).toBe('https://local.connectme.us:43004/v6/connect/info/ready');
    expect(server.seen.filter((each) => each.url.includes('/ping'))).toEqual([]);
  });

  it('talks /v5 without a session to a client older than 3.8, which is OUTDATED', async () => {
    client.version = '3.7.4';
    start();
    await vi.advanceTimersByTimeAsync(10);
    expect(statuses).toEqual(['INITIALIZING', 'OUTDATED']);
    const update = server.seen.find((each) => each.url.endsWith('/connect/update/require'));
    expect(update?.url).toBe('https://local.connectme.us:43003/v5/connect/update/require');
    expect(update?.headers).toEqual({});
  });
});
