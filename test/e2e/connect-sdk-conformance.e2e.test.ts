import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { Browser } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Difference, differences, listedIds } from './conformance/differences.ts';
import { SCENARIOS } from './conformance/scenarios.ts';
import { ARTIFACTS, assertBuilt, CHROMIUM_PATH } from './harness/artifacts.ts';
import { launchBrowser } from './harness/launch-browser.ts';

// Differential conformance: one scenario table run against the published Connect SDK's script-tag bundle and
// against ours, in real Chromium, under the same page doubles. Every difference must be listed, with its spec line,
// in sdk/COMPATIBILITY.md; a new difference, or a listed one that went away, fails the suite.
const CONNECT_SDK = createRequire(import.meta.url).resolve(
  '@ibm-aspera/connect-sdk-js/dist/js/connect-sdk.js',
);
const COMPATIBILITY = fileURLToPath(new URL('../../sdk/COMPATIBILITY.md', import.meta.url));
const REPORT_DIR = fileURLToPath(new URL('../../.rapid-test/conformance', import.meta.url));

let server: Server;
let origin: string;
let browser: Browser;

beforeAll(async () => {
  await assertBuilt();
  const doubles = await build({
    entryPoints: [fileURLToPath(new URL('conformance/page-doubles.ts', import.meta.url))],
    bundle: true,
    format: 'iife',
    write: false,
    logLevel: 'warning',
  });
  const files: Record<string, Buffer | Uint8Array> = {
    '/doubles.js': doubles.outputFiles[0]?.contents ?? new Uint8Array(),
    '/connect.js': await readFile(CONNECT_SDK),
    '/rapid.js': await readFile(join(ARTIFACTS.sdkDir, 'js/connect-sdk.js')),
  };
  server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://x');
    const file = files[url.pathname];
    if (file) {
      response.setHeader('content-type', 'text/javascript');
      response.end(file);
      return;
    }
    const sdk = url.searchParams.get('sdk') === 'connect' ? 'connect' : 'rapid';
    response.setHeader('content-type', 'text/html');
    response.end(
      `<!doctype html><html><body><script src="/doubles.js"></script><script src="/${sdk}.js"></script></body></html>`,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  browser = await launchBrowser({
    executablePath: CHROMIUM_PATH,
    headless: true,
    pipe: true,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  server?.close();
});

/** What one SDK's page observed in one scenario, each in a fresh context (no shared localStorage). */
async function observe(sdk: 'connect' | 'rapid', scenario: (typeof SCENARIOS)[number]): Promise<unknown> {
  const context = await browser.createBrowserContext();
  try {
    const page = await context.newPage();
    await page.goto(`${origin}/?sdk=${sdk}&state=${scenario.state}`);
    const { body, params = [], args = [] } = scenario;
    const run = (text: string, names: string[], values: unknown[]) =>
      new Function(...names, `return (async () => {${text}})();`)(...values);
    return normalise(await page.evaluate(run, body, params, args));
  } finally {
    await context.close();
  }
}

/** Values that differ by nature from run to run (ids, the page's port, dates) replaced by placeholders. */
function normalise(value: unknown): unknown {
  return JSON.parse(
    JSON.stringify(value ?? null)
      .replaceAll(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, '<uuid>')
      .replaceAll(origin, '<origin>')
      .replaceAll(/sdk=(connect|rapid)/g, 'sdk=<sdk>'),
  );
}

describe('the published Connect SDK and ours, observed by the same page', () => {
  const found: Difference[] = [];

  it.each(SCENARIOS.map((scenario) => [scenario.name, scenario] as const))(
    '%s',
    async (name, scenario) => {
      const [connect, rapid] = [await observe('connect', scenario), await observe('rapid', scenario)];
      found.push(...differences(name, connect, rapid));
    },
    60_000,
  );

  it('differ only where sdk/COMPATIBILITY.md lists it', async () => {
    await mkdir(REPORT_DIR, { recursive: true });
    await writeFile(join(REPORT_DIR, 'differences.json'), JSON.stringify(found, null, 2));
    const listed = listedIds(await readFile(COMPATIBILITY, 'utf8'));
    expect(found.map((each) => each.id).sort()).toEqual([...listed].sort());
  });
});
