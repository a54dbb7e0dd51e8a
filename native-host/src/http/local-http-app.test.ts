import { CONNECT_API_VERSION } from '@rapid/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { PAGE, startTestDaemon } from '../daemon/test-daemon.ts';
import { createWindowsApp } from '../windows/windows-app.ts';
import { listenLocal } from './listen-local.ts';
import { createLocalHttpApp } from './local-http-app.ts';

let daemon: Awaited<ReturnType<typeof startTestDaemon>>;
let server: Awaited<ReturnType<typeof listenLocal>> | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
  await daemon?.close();
});

async function serve() {
  daemon = await startTestDaemon();
  server = await listenLocal(createLocalHttpApp(daemon.api, createWindowsApp(daemon.daemon)), 0, 1);
  return `http://127.0.0.1:${server.port}`;
}

describe('local HTTP', () => {
  it('serves the API under /v5 and /v6 with CORS for the calling page', async () => {
    const base = await serve();
    for (const prefix of ['/v5', '/v6']) {
      const response = await fetch(`${base}${prefix}/connect/info/version`, { headers: { origin: PAGE } });
      expect(response.status).toBe(200);
      expect(response.headers.get('access-control-allow-origin')).toBe(PAGE);
      expect(await response.json()).toEqual({ version: CONNECT_API_VERSION, system_wide: false });
    }
    // The SDK's POSTs are text/plain simple requests; the page's Origin is the origin the daemon trusts.
    const started = await fetch(`${base}/v5/connect/transfers/start`, {
      method: 'POST',
      headers: {
        origin: PAGE,
        'content-type': 'text/plain;charset=UTF-8',
        'x-rapid-origin': 'https://spoof.example',
      },
      body: JSON.stringify({
        transfer_specs: [
          { transfer_spec: { paths: [{ source: '/r/a' }], remote_host: 'h', direction: 'receive' } },
        ],
      }),
    });
    expect(started.status).toBe(200);
    const activity = await fetch(`${base}/v5/connect/transfers/activity`, {
      method: 'POST',
      headers: { origin: PAGE },
      body: '{"iteration_token":0}',
    });
    expect(((await activity.json()) as { result_count: number }).result_count).toBe(1);
  });

  it('answers every endpoint of the Connect table over HTTP', async () => {
    const base = await serve();
    const { writeFile } = await import('node:fs/promises');
    const { join } = await import('node:path');
    const file = join(daemon.dir, 'pick.txt');
    await writeFile(file, 'picked');
    await daemon.setScript({
      consent: { [PAGE]: true },
      open_files: [file],
      open_folders: [daemon.dir],
      save_file: file,
    });
    const call = async (method: string, path: string, body?: unknown) => {
      const response = await fetch(`${base}/v5${path}`, {
        method,
        headers: { origin: PAGE },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      // biome-ignore lint/suspicious/noExplicitAny: tests read reply fields directly and assert on them
      return { status: response.status, body: (await response.json()) as any };
    };
    const spec = { paths: [{ source: '/r/a', destination: 'a' }], remote_host: 'h', direction: 'receive' };
    const id = (await call('POST', '/connect/transfers/start', { transfer_specs: [{ transfer_spec: spec }] }))
      .body.transfer_specs[0].uuid;
    const table: [string, string, unknown, number][] = [
      ['GET', '/connect/info/ping', undefined, 200],
      ['GET', '/connect/info/version', undefined, 200],
      ['GET', '/connect/info/ready', undefined, 200],
      ['POST', '/connect/info/authenticate', { remote_host: 'h' }, 200],
      ['POST', '/connect/update/require', { min_version: '3.9.0' }, 200],
      ['POST', '/connect/transfers/activity', { iteration_token: 0 }, 200],
      ['POST', `/connect/transfers/info/${id}`, {}, 200],
      ['POST', `/connect/transfers/modify/${id}`, { target_rate_kbps: 100 }, 200],
      ['POST', `/connect/transfers/stop/${id}`, {}, 200],
      ['POST', `/connect/transfers/resume/${id}`, {}, 200],
      ['POST', '/connect/windows/select-open-file-dialog/', {}, 200],
      ['POST', '/connect/windows/select-open-folder-dialog/', {}, 200],
      ['POST', '/connect/windows/select-save-file-dialog/', {}, 200],
      ['POST', '/connect/file/read-as-array-buffer/', { path: file }, 200],
      ['POST', '/connect/file/read-chunk-as-array-buffer/', { path: file, offset: 1, chunkSize: 2 }, 200],
      ['POST', '/connect/file/checksum/', { path: file, checksumMethod: 'sha1' }, 200],
      ['GET', '/connect/file/initialize-drag-drop', undefined, 200],
      ['POST', '/connect/file/dropped-files', { dataTransfer: { files: [] } }, 200],
      ['GET', '/connect/windows/about', undefined, 200],
      ['GET', '/connect/windows/preferences', undefined, 200],
      ['GET', '/connect/windows/preferences/network', undefined, 200],
      ['GET', '/connect/windows/transfer-manager', undefined, 200],
      ['GET', `/connect/windows/transfer-monitor/${id}`, undefined, 200],
      ['GET', `/connect/windows/finder/${id}`, undefined, 200],
      ['POST', `/connect/transfers/remove/${id}`, {}, 200],
      ['GET', '/invalid/uri', undefined, 404],
    ];
    for (const [method, path, body, status] of table) {
      const answer = await call(method, path, body);
      expect({ path, status: answer.status }).toEqual({ path, status });
      if (status !== 200) expect(answer.body.error).toMatchObject({ code: status });
    }
  });

  it('answers the preflight with the private-network header Chromium asks for', async () => {
    const base = await serve();
    const response = await fetch(`${base}/v6/connect/info/ready`, {
      method: 'OPTIONS',
      headers: {
        origin: PAGE,
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'x-aspera-session-id',
        'access-control-request-private-network': 'true',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-private-network')).toBe('true');
    expect(response.headers.get('access-control-allow-headers')).toBe('x-aspera-session-id');
    expect(response.headers.get('access-control-allow-origin')).toBe(PAGE);
  });

  it('refuses a rebound host name and pages without an origin for consent calls', async () => {
    const base = await serve();
    const { request } = await import('node:http');
    const status = await new Promise<number>((resolve) => {
      request(`${base}/v5/connect/info/version`, { headers: { host: 'evil.example' } }, (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      }).end();
    });
    expect(status).toBe(403);
    const anonymous = await fetch(`${base}/v5/connect/file/read-as-array-buffer/`, {
      method: 'POST',
      body: '{"path":"/etc/passwd"}',
    });
    expect(anonymous.status).toBe(403);
  });

  it('serves the windows without CORS and guards their calls with the session token', async () => {
    const base = await serve();
    const page = await fetch(`${base}/ui/preferences/general`, { headers: { origin: PAGE } });
    expect(page.headers.get('access-control-allow-origin')).toBeNull();
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    const token = /name="rapid-ui-token" content="([0-9a-f]+)"/.exec(await page.text())?.[1] ?? '';
    const settings = {
      ...daemon.daemon.settings.get(),
      download_folder: '/tmp/rapid-dl',
      concurrent_transfers: 5,
    };
    const put = (headers: Record<string, string>) =>
      fetch(`${base}/ui/api/settings`, { method: 'PUT', headers, body: JSON.stringify(settings) });
    expect((await put({})).status).toBe(403);
    expect((await put({ 'x-rapid-ui-token': token, origin: PAGE })).status).toBe(403);
    expect((await put({ 'x-rapid-ui-token': token })).status).toBe(200);
    expect(daemon.daemon.settings.get()).toMatchObject({
      download_folder: '/tmp/rapid-dl',
      concurrent_transfers: 5,
    });
    const invalid = await fetch(`${base}/ui/api/settings`, {
      method: 'PUT',
      headers: { 'x-rapid-ui-token': token },
      body: JSON.stringify({ ...settings, concurrent_transfers: 0 }),
    });
    expect(invalid.status).toBe(400);
    const about = await fetch(`${base}/ui/api/about`, { headers: { 'x-rapid-ui-token': token } });
    expect(await about.json()).toMatchObject({ version: CONNECT_API_VERSION });
    expect((await fetch(`${base}/ui/app.js`)).status).toBe(404);
  });
});
