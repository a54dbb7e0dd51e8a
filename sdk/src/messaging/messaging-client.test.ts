// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WebSocket } from 'ws';
import { TestDoubleWampRouter } from '../test-doubles/test-double-wamp-router.ts';
import { MessagingClient } from './messaging-client.ts';
import { MessagingError } from './messaging-errors.ts';
import { RECONNECT, websocketUrl } from './messaging-settings.ts';

let router: TestDoubleWampRouter;
let client: MessagingClient | undefined;

beforeEach(async () => {
  // Node 20 has no global WebSocket; `ws` stands in for the browser's, as autobahn expects one.
  vi.stubGlobal('WebSocket', WebSocket);
  router = await TestDoubleWampRouter.start();
});
afterEach(async () => {
  client?.close();
  client = undefined;
  await router.close();
  vi.unstubAllGlobals();
});

const settings = () => ({ wampRouter: '127.0.0.1', websocketPort: router.port, wampRealm: 'rapid-test' });

describe('messaging settings', () => {
  it('builds ws or wss by the page protocol unless told', () => {
    expect(websocketUrl({ websocketPort: 9000 }, 'http:')).toBe('ws://127.0.0.1:9000/ws');
    expect(websocketUrl({ websocketPort: 9000 }, 'https:')).toBe('wss://127.0.0.1:9000/ws');
    expect(websocketUrl({ websocketPort: 9000, isWebsocketSecure: false }, 'https:')).toBe(
      'ws://127.0.0.1:9000/ws',
    );
    expect(RECONNECT).toEqual({ delayMs: 2000, maxRetries: 25 });
  });

  it('surfaces the catalogue codes as typed errors', () => {
    expect(() => new MessagingClient({ wampRealm: '' })).toThrow(expect.objectContaining({ code: 21 }));
    expect(() => new MessagingClient({ wampRouter: 'bad host/' })).toThrow(
      expect.objectContaining({ code: 22, message: 'no websocket or bad URL' }),
    );
    const error = new MessagingError(2);
    expect([error.name, error.message]).toEqual(['MessagingError', 'server lacks broker role']);
  });
});

describe('MessagingClient over a real websocket', () => {
  it('joins the realm with the JSON serializer, receives published events and calls procedures', async () => {
    client = new MessagingClient(settings());
    await client.open();
    expect(router.hellos[0]?.[1]).toBe('rapid-test');
    const events: unknown[] = [];
    await client.subscribe('com.rapid.transfers.activity', (args) => events.push(args[0]));
    router.publish('com.rapid.transfers.activity', [{ iteration_token: 3 }]);
    await vi.waitFor(() => expect(events).toEqual([{ iteration_token: 3 }]));
    router.procedures.set('com.rapid.version', () => '4.2.0');
    await expect(client.call('com.rapid.version')).resolves.toBe('4.2.0');
    await client.unsubscribe('com.rapid.transfers.activity');
    await vi.waitFor(() => expect(router.subscribers).toBe(0));
  });

  it('refuses bad topics, missing callbacks, unknown subscriptions and roles the router lacks', async () => {
    router.roles = { dealer: {} };
    client = new MessagingClient(settings());
    await client.open();
    await expect(client.subscribe('Bad Topic', () => {})).rejects.toMatchObject({ code: 1 });
    await expect(client.subscribe('com.rapid.x', undefined as never)).rejects.toMatchObject({ code: 3 });
    await expect(client.unsubscribe('com.rapid.none')).rejects.toMatchObject({ code: 7 });
    await expect(client.subscribe('com.rapid.x', () => {})).rejects.toMatchObject({ code: 2 });
    router.roles = { broker: {} };
    const second = new MessagingClient(settings());
    await second.open();
    await expect(second.call('com.rapid.version')).rejects.toMatchObject({ code: 12 });
    second.close();
  });

  it('reconnects after the router drops it and renews its subscriptions', async () => {
    const states: boolean[] = [];
    client = new MessagingClient(settings(), (open) => states.push(open));
    await client.open();
    const events: unknown[] = [];
    await client.subscribe('com.rapid.transfers.activity', (args) => events.push(args[0]));
    router.dropClients();
    await vi.waitFor(() => expect(states).toEqual([true, false, true]), { timeout: 5000, interval: 50 });
    await vi.waitFor(() => expect(router.subscribers).toBe(1));
    router.publish('com.rapid.transfers.activity', ['after']);
    await vi.waitFor(() => expect(events).toEqual(['after']));
  });
});
