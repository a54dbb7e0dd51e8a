import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startDamServer } from './start-server.ts';
import { STATIC_ROOTS } from './static-roots.ts';

// The SDK's reference and guides as `npm start` serves them: the real build of sdk/ (`npm run build`, which
// `npm test` runs before the unit tests), under the DAM's content security policy.
let server: RunningServer;
let publicDir = '';

beforeAll(async () => {
  if (!existsSync(join(STATIC_ROOTS.sdkDir, 'docs', 'index.html')))
    throw new Error(`No SDK docs in ${STATIC_ROOTS.sdkDir}: run npm run build -w sdk first`);
  publicDir = await mkdtemp(join(tmpdir(), 'rapid-dam-docs-'));
  server = await startDamServer({ port: 0, publicDir, sdkDir: STATIC_ROOTS.sdkDir });
});
afterAll(async () => {
  await server?.close();
  await rm(publicDir, { recursive: true, force: true });
});

const get = (path: string) => fetch(new URL(path, server.url));

describe('the SDK docs beside the DAM', () => {
  it('serves the reference front page at /sdk/docs/ with links to the guides and the API', async () => {
    const response = await get('sdk/docs/');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/text\/html/);
    const html = await response.text();
    expect(html).toContain('Rapid page SDK');
    expect(html).toContain('href="documents/Quick_start_with_a_script_tag.html"');
    expect(html).toContain('href="modules.html"');
  });

  it('serves a guide and a class page that work under the DAM’s script-src self', async () => {
    for (const path of [
      'sdk/docs/documents/Quick_start_with_a_script_tag.html',
      'sdk/docs/classes/_rapid_sdk.Connect.html',
    ]) {
      const response = await get(path);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
      const html = await response.text();
      expect(html).not.toMatch(/<script>/);
      for (const [, src] of html.matchAll(/<script[^>]* src="([^"]+)"/g)) {
        const script = await fetch(new URL(src ?? '', response.url));
        expect(script.status, src).toBe(200);
      }
    }
  });

  it('serves the guide with the script-tag files’ integrity hashes, matching integrity.json', async () => {
    const hashes = (await (await get('sdk/js/integrity.json')).json()) as Record<string, string>;
    const guide = await (
      await get('sdk/docs/documents/Script-tag_files_and_their_integrity_hashes.html')
    ).text();
    expect(hashes['connect-sdk.min.js']).toMatch(/^sha384-/);
    expect(guide).toContain(hashes['connect-sdk.min.js']);
  });
});
