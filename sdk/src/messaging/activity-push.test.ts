// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WebSocket } from 'ws';
import { HttpBridge } from '../bridge/http/http-bridge.ts';
import { bridgeOverride, Connect } from '../connect/connect.ts';
import { TestDoubleClient } from '../test-doubles/test-double-client.ts';
import { TestDoubleWampRouter } from '../test-doubles/test-double-wamp-router.ts';
import { TestDoubleXhrServer } from '../test-doubles/test-double-xhr-server.ts';
import { ACTIVITY_TOPIC, attachActivityPush } from './activity-push.ts';

let router: TestDoubleWampRouter;
let client: TestDoubleClient;
let connect: Connect;

beforeEach(async () => {
  vi.stubGlobal('WebSocket', WebSocket);
  client = new TestDoubleClient();
  vi.stubGlobal('XMLHttpRequest', new TestDoubleXhrServer(client).XMLHttpRequest);
  bridgeOverride.factories = () => ({ http: () => new HttpBridge(() => {}) });
  router = await TestDoubleWampRouter.start();
});
afterEach(async () => {
  connect.stop();
  bridgeOverride.factories = undefined;
  await router.close();
  vi.unstubAllGlobals();
});

const polls = () => client.calls().filter((call) => call.path === '/connect/transfers/activity').length;

describe('activity by push', () => {
  it('replaces polling while the router is up, and polling comes back when it goes', async () => {
    connect = new Connect({ connectMethod: 'http', pollingTime: 50 });
    connect.initSession('c2Vzc2lvbi1wdXNoLXRlc3Q');
    const events: unknown[] = [];
    connect.addEventListener('transfer', (_type, data) => events.push(data));
    await vi.waitFor(() => expect(polls()).toBeGreaterThan(0));

    const detach = attachActivityPush(connect, { websocketPort: router.port, wampRealm: 'rapid' });
    await vi.waitFor(() => expect(router.subscribers).toBe(1));
    await new Promise((resolve) => setTimeout(resolve, 60));
    const pollsWhilePushed = polls();
    const pushed = { iteration_token: 42, result_count: 1, transfers: [{ uuid: 'u1', status: 'running' }] };
    router.publish(ACTIVITY_TOPIC, [pushed]);
    await vi.waitFor(() => expect(events).toContainEqual(pushed));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(polls()).toBe(pollsWhilePushed);

    detach();
    await vi.waitFor(() => expect(polls()).toBeGreaterThan(pollsWhilePushed));
  });
});
