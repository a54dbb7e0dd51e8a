import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bridgeOverride, Connect } from '../../connect/connect.ts';
import { TestDoubleClient } from '../../test-doubles/test-double-client.ts';
import { TestDoubleXhrServer } from '../../test-doubles/test-double-xhr-server.ts';
import { HttpBridge } from './http-bridge.ts';

let client: TestDoubleClient;
let server: TestDoubleXhrServer;
let connect: Connect;
let statuses: string[];
let launches: number;

const pings = () => server.seen.filter((each) => each.url.endsWith('/connect/info/ping'));

function start() {
  connect = new Connect({ connectMethod: 'http' });
  connect.addEventListener('status', (_type, status) => statuses.push(status as string));
  connect.initSession('c2Vzc2lvbi1hcHAtaWQtZm9yLXRlc3Rz');
}

beforeEach(() => {
  localStorage.clear();
  vi.useFakeTimers();
  client = new TestDoubleClient();
  server = new TestDoubleXhrServer(client);
  vi.stubGlobal('XMLHttpRequest', server.XMLHttpRequest);
  statuses = [];
  launches = 0;
  bridgeOverride.factories = () => ({ http: () => new HttpBridge(() => launches++) });
});
afterEach(() => {
  connect.stop();
  bridgeOverride.factories = undefined;
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('local HTTP bridge wire (connect-protocol.md §8.1)', () => {
  it('pings all 20 ports at once and takes the lowest that answered, not the first', async () => {
    server.listening.clear();
    server.listening.add(33010).add(33005);
    start();
    expect(pings().map((each) => each.url)).toEqual(
      Array.from({ length: 20 }, (_, i) => `http://127.0.0.1:${33003 + i}/v5/connect/info/ping`),
    );
    await vi.advanceTimersByTimeAsync(10);
    expect(statuses).toEqual(['INITIALIZING', 'RUNNING']);
    await vi.advanceTimersByTimeAsync(0);
    void connect.showAbout();
    await vi.advanceTimersByTimeAsync(10);
    expect(server.seen.at(-1)?.url).toBe('http://127.0.0.1:33005/v5/connect/windows/about');
  });

  it('sends GET without a body and POST as a simple request without headers', async () => {
    start();
    await vi.advanceTimersByTimeAsync(10);
    void connect.showAbout();
    void connect.readAsArrayBuffer({ path: '/a' });
    await vi.advanceTimersByTimeAsync(10);
    const [get, post] = server.seen.slice(-2);
    expect(get).toMatchObject({ method: 'GET', body: undefined, headers: {} });
    expect(post).toMatchObject({
      method: 'POST',
      url: 'http://127.0.0.1:33003/v5/connect/file/read-as-array-buffer/',
    });
    expect(post?.headers).toEqual({});
  });

  it('launches the client once, shows RETRYING, sweeps after 1, 2, 3 … s and fails at the init timeout', async () => {
    server.listening.clear();
    start();
    await vi.advanceTimersByTimeAsync(10);
    expect(statuses).toEqual(['INITIALIZING', 'RETRYING']);
    expect(launches).toBe(1);
    const sweeps = () => pings().length / 20;
    expect(sweeps()).toBe(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(sweeps()).toBe(2);
    await vi.advanceTimersByTimeAsync(2000);
    expect(sweeps()).toBe(3);
    await vi.advanceTimersByTimeAsync(1990);
    expect(statuses).toEqual(['INITIALIZING', 'RETRYING', 'FAILED']);
    expect(launches).toBe(1);
    // FAILED stays while the sweeps go on (connect-bridge.md §4 step 6; Connect 5.0.3 too): a banner that offers the
    // download at the timeout must not fall back to "launching" on the next sweep.
    await vi.advanceTimersByTimeAsync(8000);
    expect(sweeps()).toBe(5);
    expect(statuses).toEqual(['INITIALIZING', 'RETRYING', 'FAILED']);
    // Detection keeps going: a client that starts late still gets the session RUNNING.
    server.listening.add(33003);
    await vi.advanceTimersByTimeAsync(8000);
    expect(statuses).toEqual(['INITIALIZING', 'RETRYING', 'FAILED', 'RUNNING']);
  });

  it('reconnects after a network failure while RUNNING and re-sends the request', async () => {
    start();
    await vi.advanceTimersByTimeAsync(10);
    server.down = true;
    const about = connect.showAbout();
    await vi.advanceTimersByTimeAsync(10);
    expect(statuses).toEqual(['INITIALIZING', 'RUNNING', 'RETRYING']);
    expect(launches).toBe(1);
    server.down = false;
    await vi.advanceTimersByTimeAsync(1010);
    await expect(about).resolves.toEqual({});
    expect(statuses).toEqual(['INITIALIZING', 'RUNNING', 'RETRYING', 'RUNNING']);
  });
});
