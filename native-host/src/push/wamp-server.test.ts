import autobahn from 'autobahn';
import { afterEach, describe, expect, it } from 'vitest';
import { PAGE, startTestDaemon } from '../daemon/test-daemon.ts';
import { listenLocal } from '../http/listen-local.ts';
import { createLocalHttpApp } from '../http/local-http-app.ts';
import { WampRouter } from './wamp-router.ts';
import {
  ACTIVITY_PROCEDURE,
  ACTIVITY_TOPIC,
  attachWampServer,
  publishTransferActivity,
  WAMP_PATH,
} from './wamp-server.ts';

const REALM = 'com.rapid.connect';
let daemon: Awaited<ReturnType<typeof startTestDaemon>>;
const cleanups: (() => Promise<unknown> | unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  await daemon?.close();
});

async function serve() {
  daemon = await startTestDaemon({ tickMs: 10, bytesPerTick: 2500, fileBytes: 5000 });
  const http = await listenLocal(createLocalHttpApp(daemon.api), 0, 1);
  const router = new WampRouter(REALM);
  const wamp = attachWampServer(http.server, router);
  const stopPublishing = publishTransferActivity(router, daemon.daemon.manager);
  cleanups.push(http.close, wamp.close, stopPublishing);
  return `ws://127.0.0.1:${http.port}${WAMP_PATH}`;
}

/** An autobahn session as a page of `origin` would open it. */
function open(url: string, origin: string, realm = REALM): Promise<autobahn.Session> {
  return new Promise((resolve, reject) => {
    const connection = new autobahn.Connection({
      url,
      realm,
      max_retries: 0,
      headers: { Origin: origin },
      transports: [{ type: 'websocket', url, headers: { Origin: origin } } as autobahn.ITransportDefinition],
    } as autobahn.IConnectionOptions);
    connection.onopen = (session) => resolve(session);
    connection.onclose = (reason, details) => {
      reject(new Error(`closed: ${reason} ${JSON.stringify(details)}`));
      return true;
    };
    cleanups.push(() => connection.isOpen && connection.close());
    connection.open();
  });
}

describe('WAMP push events (autobahn client)', () => {
  it('publishes transfer activity to subscribers of the same origin only, and answers the activity procedure', async () => {
    const url = await serve();
    const page = await open(url, PAGE);
    const other = await open(url, 'https://other.example');
    const seen: { uuid: string; status: string }[] = [];
    const leaked: unknown[] = [];
    await page.subscribe(ACTIVITY_TOPIC, (args) => seen.push(args?.[0]));
    await other.subscribe(ACTIVITY_TOPIC, (args) => leaked.push(args));

    const started = await daemon.call('POST', '/connect/transfers/start', {
      transfer_specs: [
        {
          transfer_spec: {
            paths: [{ source: '/r/a', destination: 'a' }],
            remote_host: 'h',
            direction: 'receive',
          },
        },
      ],
    });
    const id = started.body.transfer_specs[0].uuid;
    await expect.poll(() => seen.some((info) => info.status === 'completed'), { timeout: 5000 }).toBe(true);
    expect(new Set(seen.map((info) => info.uuid))).toEqual(new Set([id]));
    expect(seen.map((info) => info.status)).toContain('running');
    expect(leaked).toEqual([]);

    const result = (await page.call(ACTIVITY_PROCEDURE, [], { iteration_token: 0 })) as autobahn.Result;
    expect(result.kwargs).toMatchObject({ result_count: 1, transfers: [{ uuid: id, status: 'completed' }] });
    const otherResult = (await other.call(ACTIVITY_PROCEDURE, [], {})) as autobahn.Result;
    expect(otherResult.kwargs).toMatchObject({ result_count: 0 });
  });

  it('routes page-registered procedures and publications between sessions of one origin, with errors', async () => {
    const url = await serve();
    const callee = await open(url, PAGE);
    const caller = await open(url, PAGE);
    await callee.register('app.add', (args) => (args as number[]).reduce((a, b) => a + b, 0));
    await callee.register('app.fail', () => {
      throw new autobahn.Error('app.error.nope', ['no']);
    });
    expect(await caller.call('app.add', [2, 3])).toBe(5);
    await expect(caller.call('app.fail')).rejects.toMatchObject({ error: 'app.error.nope' });
    await expect(caller.call('app.missing')).rejects.toMatchObject({ error: 'wamp.error.no_such_procedure' });
    await expect(caller.register('app.add', () => 0)).rejects.toMatchObject({
      error: 'wamp.error.procedure_already_exists',
    });
    await expect(caller.subscribe('Bad URI!', () => {})).rejects.toMatchObject({
      error: 'wamp.error.invalid_uri',
    });

    const events: unknown[] = [];
    const subscription = await callee.subscribe('app.news', (args) => events.push(args?.[0]));
    await caller.publish('app.news', ['hello'], {}, { acknowledge: true });
    await expect.poll(() => events).toEqual(['hello']);
    await callee.unsubscribe(subscription);
  });

  it('refuses an unknown realm and a connection without an Origin', async () => {
    const url = await serve();
    await expect(open(url, PAGE, 'other.realm')).rejects.toThrow(/closed/);
    const { WebSocket } = await import('ws');
    const anonymous = new WebSocket(url, 'wamp.2.json');
    const outcome = await new Promise((resolve) => {
      anonymous.on('open', () => resolve('open'));
      anonymous.on('error', () => resolve('refused'));
    });
    expect(outcome).toBe('refused');
  });
});
