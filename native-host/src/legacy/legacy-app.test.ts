import { request } from 'node:https';
import { afterEach, describe, expect, it } from 'vitest';
import { createSocketApp } from '../daemon/socket-app.ts';
import { PAGE, startTestDaemon } from '../daemon/test-daemon.ts';
import { listenLocal } from '../http/listen-local.ts';
import { decryptSessionText, encryptSessionText } from './aes-ofb.ts';
import { ensureCertificate } from './certificate.ts';
import { createLegacyApp } from './legacy-app.ts';
import { SessionRegistry } from './session-registry.ts';

const ID = '0f8fad5b-d9cb-469f-a165-70867728950e';
const KEY = 'Abcdefghijklmnopqrstuvwxyz012345';
let daemon: Awaited<ReturnType<typeof startTestDaemon>>;
let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
  await daemon?.close();
});

/** One HTTPS request that trusts only the per-install certificate. */
function https(
  port: number,
  ca: string,
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
) {
  return new Promise<{ status: number; type: string; body: string }>((resolve, reject) => {
    const outgoing = request(
      {
        host: '127.0.0.1',
        servername: 'localhost',
        port,
        path,
        ca,
        method: init.method ?? 'GET',
        headers: init.headers,
      },
      (response) => {
        let body = '';
        response.on('data', (chunk) => {
          body += chunk;
        });
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, type: String(response.headers['content-type']), body }),
        );
      },
    );
    outgoing.on('error', reject);
    outgoing.end(init.body);
  });
}

describe('legacy HTTPS session protocol', () => {
  it('serves /v5 without a session, and /v6 with the launch-handed session and AES-OFB bodies', async () => {
    daemon = await startTestDaemon();
    const sessions = new SessionRegistry();
    const tls = await ensureCertificate(daemon.dir);
    const server = await listenLocal(createLegacyApp(daemon.api, sessions), 0, 1, tls);
    close = server.close;
    const headers = { origin: PAGE, 'x-aspera-session-id': ID };

    const version = await https(server.port, tls.ca, '/v5/connect/info/version', {
      headers: { origin: PAGE },
    });
    expect(JSON.parse(version.body)).toMatchObject({ system_wide: false });
    expect((await https(server.port, tls.ca, '/v6/connect/info/ready', { headers })).status).toBe(401);

    // The launcher hands the session over on the socket's internal call.
    const socketApp = createSocketApp(daemon.api, sessions);
    const handed = await socketApp.request('/internal/session', {
      method: 'POST',
      body: JSON.stringify({ id: ID, key: KEY }),
    });
    expect(handed.status).toBe(200);
    const ready = await https(server.port, tls.ca, '/v6/connect/info/ready', { headers });
    expect(ready).toMatchObject({ status: 200, type: 'application/x-aspera-encrypted' });
    expect(JSON.parse(decryptSessionText(ready.body, KEY))).toEqual({});

    const body = encryptSessionText(
      JSON.stringify({
        transfer_specs: [
          { transfer_spec: { paths: [{ source: '/r/a' }], remote_host: 'h', direction: 'receive' } },
        ],
      }),
      KEY,
    );
    const started = await https(server.port, tls.ca, '/v6/connect/transfers/start', {
      method: 'POST',
      headers,
      body,
    });
    expect(started.status).toBe(200);
    expect(JSON.parse(decryptSessionText(started.body, KEY)).transfer_specs[0].uuid).toMatch(/-/);
    const activity = await https(server.port, tls.ca, '/v6/connect/transfers/activity', {
      method: 'POST',
      headers,
      body: encryptSessionText('{"iteration_token":0}', KEY),
    });
    expect(JSON.parse(decryptSessionText(activity.body, KEY)).result_count).toBe(1);
    // A wrong key cannot be used: the body decrypts to garbage and is refused as invalid.
    const forged = await https(server.port, tls.ca, '/v6/connect/transfers/activity', {
      method: 'POST',
      headers,
      body: encryptSessionText('{"iteration_token":0}', 'Zbcdefghijklmnopqrstuvwxyz012345'),
    });
    expect(forged.status).toBe(400);
    // The plain HTTP server accepts the same session calls on /v6.
    const { createLocalHttpApp } = await import('../http/local-http-app.ts');
    const plain = await listenLocal(createLocalHttpApp(daemon.api, undefined, sessions), 0, 1);
    const viaPlain = await fetch(`http://127.0.0.1:${plain.port}/v6/connect/info/ready`, { headers });
    expect(viaPlain.headers.get('content-type')).toBe('application/x-aspera-encrypted');
    expect(JSON.parse(decryptSessionText(await viaPlain.text(), KEY))).toEqual({});
    await plain.close();
    const rejected = await socketApp.request('/internal/session', {
      method: 'POST',
      body: '{"id":"x","key":"short"}',
    });
    expect(rejected.status).toBe(400);
  });
});
