import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { get as httpGet } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from './start-server.ts';
import { startDamServer } from './start-server.ts';

let dir = '';
let server: RunningServer;
const BUNDLE = 'export const a = 1;\n'.repeat(500);

/** The raw answer, undecoded (fetch would decompress it and hide what the server sent). */
const raw = (path: string, headers: Record<string, string> = {}) =>
  new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>(
    (resolve, reject) => {
      httpGet(new URL(path, server.url), { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks),
          }),
        );
      }).on('error', reject);
    },
  );

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rapid-dam-'));
  await mkdir(join(dir, 'public'));
  await mkdir(join(dir, 'sdk/js'), { recursive: true });
  await writeFile(join(dir, 'public/index.html'), '<script src="/sdk/js/connect-sdk.js"></script>');
  await mkdir(join(dir, 'public/assets'));
  await writeFile(join(dir, 'public/assets/app-AbCd1234.js'), BUNDLE);
  await writeFile(join(dir, 'public/assets/app-AbCd1234.js.br'), brotliCompressSync(BUNDLE));
  await writeFile(join(dir, 'public/assets/app-AbCd1234.js.gz'), gzipSync(BUNDLE));
  await writeFile(join(dir, 'public/browser-check.js'), 'void 0;');
  await writeFile(join(dir, 'sdk/js/connect-sdk.js'), 'window.AW4 = {};');
  await writeFile(join(dir, 'secret.txt'), 'not for the web');
  await mkdir(join(dir, 'install/carbon-installer'), { recursive: true });
  await writeFile(join(dir, 'install/carbon-installer/index.html'), '<title>banner</title>');
  await mkdir(join(dir, 'install/assets'), { recursive: true });
  await writeFile(join(dir, 'install/assets/first-paint-carbon-AbCd1234.css'), 'h1{color:red}');
  await mkdir(join(dir, 'release/bin'), { recursive: true });
  await writeFile(join(dir, 'release/connectversions.min.js'), 'window.connectVersions={};');
  await writeFile(join(dir, 'release/bin/rapid-client-linux.tar.gz'), 'archive');
  server = await startDamServer({
    port: 0,
    publicDir: join(dir, 'public'),
    sdkDir: join(dir, 'sdk'),
    installerDir: join(dir, 'install'),
    releaseDir: join(dir, 'release'),
  });
});
afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

describe('DAM demo server', () => {
  it('serves the page with a strict content security policy', async () => {
    const response = await fetch(server.url);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('/sdk/js/connect-sdk.js');
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
  });

  it('serves the SDK from its own root as JavaScript', async () => {
    const response = await fetch(new URL('sdk/js/connect-sdk.js', server.url));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/javascript/);
    expect(await response.text()).toBe('window.AW4 = {};');
  });

  it.each(['/sdk/../secret.txt', '/sdk/%2e%2e/secret.txt', '/..%2fsecret.txt', '/sdk//js/connect-sdk.js'])(
    'keeps %s inside its root',
    async (path) => {
      const response = await fetch(`${server.url.slice(0, -1)}${path}`);
      expect(response.status).toBe(404);
      expect(await response.text()).not.toContain('not for the web');
    },
  );

  it('serves the installer frame, the install manifest and the packages under the SDK location', async () => {
    const get = (path: string) => fetch(new URL(path, server.url));
    const frame = await get('sdk/install/carbon-installer/index.html');
    expect(frame.status).toBe(200);
    expect(frame.headers.get('content-security-policy')).toContain("style-src 'self'");
    expect(await (await get('sdk/connectversions.min.js')).text()).toBe('window.connectVersions={};');
    expect(await (await get('sdk/bin/rapid-client-linux.tar.gz')).text()).toBe('archive');
    expect((await get('sdk/install/../../secret.txt')).status).toBe(404);
  });

  it('lets browsers keep the installer frame’s content-named assets, and revalidate its pages', async () => {
    const get = (path: string) => fetch(new URL(path, server.url));
    const asset = await get('sdk/install/assets/first-paint-carbon-AbCd1234.css');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await get('sdk/install/carbon-installer/index.html')).headers.get('cache-control')).toBeNull();
    expect((await get('sdk/install/assets/missing.css')).headers.get('cache-control')).toBeNull();
  });

  it('sends the web app’s bundles precompressed by Accept-Encoding: brotli first, then gzip, else plain', async () => {
    const br = await raw('assets/app-AbCd1234.js', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.body).toString()).toBe(BUNDLE);
    const gz = await raw('assets/app-AbCd1234.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(BUNDLE);
    const plain = await raw('assets/app-AbCd1234.js', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(BUNDLE);
  });

  it('lets browsers keep the content-named bundles for good, and revalidate index.html and the unnamed files', async () => {
    for (const encoding of ['br', 'gzip', 'identity'])
      expect(
        (await raw('assets/app-AbCd1234.js', { 'accept-encoding': encoding })).headers['cache-control'],
      ).toBe('public, max-age=31536000, immutable');
    for (const path of ['', 'index.html', 'browser-check.js'])
      expect((await raw(path)).headers['cache-control']).toBe('no-cache');
    expect((await raw('assets/missing-AbCd1234.js')).headers['cache-control']).toBeUndefined();
  });

  it('listens on loopback only', () => {
    expect(new URL(server.url).hostname).toBe('127.0.0.1');
  });
});
