import { createHash, randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type LocalServer, listenLocal } from '../http/listen-local.ts';
import { createLocalHttpApp } from '../http/local-http-app.ts';
import { PAGE, startTestDaemon } from './test-daemon.ts';

type TestDaemon = Awaited<ReturnType<typeof startTestDaemon>>;
let daemon: TestDaemon | undefined;
let http: LocalServer | undefined;
afterEach(async () => {
  await http?.close();
  await daemon?.close();
  daemon = http = undefined;
});

/** A daemon serving local HTTP on a real port, whose page (PAGE) was given `file` in the open-file dialog. */
async function givenFile(bytes: Buffer) {
  daemon = await startTestDaemon();
  http = await listenLocal(createLocalHttpApp(daemon.api), 0, 1);
  daemon.daemon.setWindowsUrl(`http://127.0.0.1:${http.port}/ui`);
  await mkdir(join(daemon.dir, 'files'), { recursive: true });
  const file = join(daemon.dir, 'files', 'a.bin');
  const other = join(daemon.dir, 'files', 'other.bin');
  await writeFile(file, bytes);
  await writeFile(other, 'not given');
  await daemon.setScript({ consent: { [PAGE]: true }, open_files: [file] });
  await daemon.call('POST', '/connect/windows/select-open-file-dialog/', {});
  return { file, other, api: daemon.api };
}

/** A ticket request as the native host relays it for the page `origin`. */
async function ticket(api: TestDaemon['api'], body: object, origin = PAGE, via = 'native-host') {
  const response = await api.request('/connect/file/large-reply', {
    method: 'POST',
    headers: { 'x-rapid-origin': origin, 'x-rapid-via': via },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as { url: string; expires_in_ms: number } };
}

/** The page's fetch of the ticket's URL, with the Origin header the browser sets. */
async function fetchAs(url: string, origin: string | null = PAGE) {
  const response = await fetch(url, { headers: origin ? { origin } : {} });
  return {
    status: response.status,
    cors: response.headers.get('access-control-allow-origin'),
    body: (await response.json()) as Record<string, string>,
  };
}

describe('large replies over the local HTTP API', () => {
  it('serves a granted read once, to the page it was issued for, with the same reply as the extension path', async () => {
    const bytes = randomBytes(3 * 1024 * 1024);
    const { file, api } = await givenFile(bytes);
    const issued = await ticket(api, { route: 'read-as-array-buffer', path: file });
    expect(issued.status).toBe(200);
    expect(issued.body.url).toMatch(
      new RegExp(`^http://127\\.0\\.0\\.1:${http?.port}/v6/connect/file/large-reply/[\\w-]{43}$`),
    );
    const read = await fetchAs(issued.body.url);
    expect(read.status).toBe(200);
    expect(read.cors).toBe(PAGE);
    expect(read.body.type).toBe('application/octet-stream');
    expect(Buffer.from(read.body.data as string, 'base64').equals(bytes)).toBe(true);
    expect((await fetchAs(issued.body.url)).status).toBe(403);
  });

  it('serves chunks and checksums exactly as asked', async () => {
    const bytes = randomBytes(100_000);
    const { file, api } = await givenFile(bytes);
    const chunk = await ticket(api, {
      route: 'read-chunk-as-array-buffer',
      path: file,
      offset: 10,
      chunkSize: 20,
    });
    const data = (await fetchAs(chunk.body.url)).body.data as string;
    expect(Buffer.from(data, 'base64').equals(bytes.subarray(10, 30))).toBe(true);
    const sum = await ticket(api, { route: 'checksum', path: file, checksumMethod: 'sha256' });
    expect((await fetchAs(sum.body.url)).body).toEqual({
      checksumMethod: 'sha256',
      checksum: createHash('sha256').update(bytes).digest('hex'),
    });
  });

  it('refuses a token fetched by another origin, or with no origin, and burns it', async () => {
    const { file, api } = await givenFile(randomBytes(1000));
    for (const thief of ['https://evil.example', null]) {
      const issued = await ticket(api, { route: 'read-as-array-buffer', path: file });
      expect((await fetchAs(issued.body.url, thief)).status).toBe(403);
      expect((await fetchAs(issued.body.url)).status).toBe(403);
    }
  });

  it('issues no ticket for a file the page was not given, another origin, or a call that did not come through the host', async () => {
    const { file, other, api } = await givenFile(randomBytes(1000));
    expect((await ticket(api, { route: 'read-as-array-buffer', path: other })).status).toBe(403);
    expect((await ticket(api, { route: 'checksum', path: join(file, '..') })).status).toBe(403);
    await daemon?.setScript({ consent: { [PAGE]: true, 'https://evil.example': true } });
    expect(
      (await ticket(api, { route: 'read-as-array-buffer', path: file }, 'https://evil.example')).status,
    ).toBe(403);
    expect((await ticket(api, { route: 'read-as-array-buffer', path: file }, PAGE, '')).status).toBe(403);
    expect((await ticket(api, { route: 'read-everything', path: file })).status).toBe(400);
  });

  it('issues no ticket over local HTTP itself, whatever headers the page sends', async () => {
    const { file } = await givenFile(randomBytes(1000));
    const response = await fetch(`http://127.0.0.1:${http?.port}/v6/connect/file/large-reply`, {
      method: 'POST',
      headers: { origin: PAGE, 'content-type': 'application/json', 'x-rapid-via': 'native-host' },
      body: JSON.stringify({ route: 'read-as-array-buffer', path: file }),
    });
    expect(response.status).toBe(403);
  });

  it('refuses a ticket after the site lost consent in between', async () => {
    const { file, api } = await givenFile(randomBytes(1000));
    const issued = await ticket(api, { route: 'read-as-array-buffer', path: file });
    daemon?.daemon.settings.update((current) => ({
      ...current,
      trusted_sites: { [PAGE]: { allowed: false } },
    }));
    expect((await fetchAs(issued.body.url)).status).toBe(403);
  });

  it('answers 503 when no local HTTP port is open, so the page reads through the extension', async () => {
    const { file, api } = await givenFile(randomBytes(1000));
    daemon?.daemon.setWindowsUrl('');
    expect((await ticket(api, { route: 'read-as-array-buffer', path: file })).status).toBe(503);
  });
});
