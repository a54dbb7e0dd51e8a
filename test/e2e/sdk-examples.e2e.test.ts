import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  NODE_PASSWORD,
  NODE_USER,
  type NodeFixture,
  startNodeFixture,
  testTls,
} from '@rapid/transfer/test-support';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt } from './harness/artifacts.ts';
import { launchRapidBrowser, type RapidBrowser } from './harness/rapid-browser.ts';

// sdk/examples/* as a page developer runs them (the one command of sdk/examples/README.md), pointed at a real
// transfer node instead of the DAM's embedded one, in Chromium with the extension and the host: each page finds
// the client, starts a download and shows it complete. An example that stops working fails here.
const examples = (path: string) => fileURLToPath(new URL(`../../sdk/examples/${path}`, import.meta.url));
const bin = (path: string) => fileURLToPath(new URL(`../../node_modules/${path}`, import.meta.url));
const EXAMPLES = [
  { name: 'plain-html', args: [examples('plain-html/server.mjs')] },
  { name: 'react-vite', args: [bin('vite/bin/vite.js'), examples('react-vite')] },
  { name: 'react-ssr', args: ['--import', 'tsx', examples('react-ssr/server.tsx')] },
];
let example: ChildProcess | undefined;
let node: NodeFixture | undefined;
let rapid: RapidBrowser | undefined;
let dir = '';

beforeAll(assertBuilt);
afterEach(async () => {
  await rapid?.close();
  example?.kill();
  example = undefined;
  await node?.close();
  await rm(dir, { recursive: true, force: true });
});

/** Starts the example's server the way its README says; resolves with the address it prints. */
function startExample(args: string[], env: Record<string, string>): Promise<string> {
  example = spawn(process.execPath, args, {
    cwd: fileURLToPath(new URL('../..', import.meta.url)),
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    example?.stdout?.on('data', (chunk) => {
      output += chunk;
      const url = /http:\/\/127\.0\.0\.1:\d+\//.exec(output)?.[0];
      if (url) resolve(url);
    });
    example?.stderr?.on('data', (chunk) => {
      output += chunk;
    });
    example?.once('exit', (code) => reject(new Error(`the example exited with ${code}: ${output}`)));
  });
}

/** A port no one listens on (Vite wants a real one). */
function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

describe.each(EXAMPLES)('sdk/examples/$name', ({ name, args }) => {
  it('finds the client, starts a download from the node and shows it complete', async () => {
    dir = await mkdtemp(join(tmpdir(), 'rapid-example-'));
    const home = join(dir, 'user');
    await mkdir(join(home, 'Downloads'), { recursive: true });
    const script = join(dir, 'ui.json');
    await writeFile(script, JSON.stringify({ consent: { '*': true } }));
    node = await startNodeFixture();
    const bytes = randomBytes(2 * 1024 * 1024);
    await writeFile(join(node.docroot, 'sample.bin'), bytes);
    const ca = join(dir, 'node-cert.pem');
    await writeFile(ca, testTls().cert);
    const nodeUrl = new URL(node.node.url);
    nodeUrl.username = NODE_USER;
    nodeUrl.password = NODE_PASSWORD;
    const port = String(await freePort());
    const url = await startExample(args, {
      PORT: port,
      RAPID_EXAMPLE_NODE: nodeUrl.href,
      RAPID_EXAMPLE_NODE_CA: ca,
    });
    if (name === 'react-ssr') {
      // Rendered on the server, where there is no window: the status is INITIALIZING in the HTML itself.
      expect(await (await fetch(url)).text()).toContain('<strong id="status">INITIALIZING</strong>');
    }

    rapid = await launchRapidBrowser({
      hostEnv: { RAPID_UI: 'scripted', RAPID_UI_SCRIPT: script, HOME: home },
    });
    const page = await rapid.browser.newPage();
    const statuses: string[] = [];
    await page.exposeFunction('recordStatus', (status: string) => statuses.push(status));
    await page.evaluateOnNewDocument(() => {
      new MutationObserver(() => {
        const text = document.getElementById('status')?.textContent ?? '';
        (window as unknown as { recordStatus(status: string): void }).recordStatus(text);
      }).observe(document, { subtree: true, childList: true, characterData: true });
    });
    await page.goto(url);
    // A status change: INITIALIZING, then RUNNING once the extension and the client answer.
    await page.waitForFunction(() => document.getElementById('status')?.textContent === 'RUNNING', {
      timeout: 30_000,
    });
    expect(statuses).toContain('RUNNING');

    await page.$eval('input[name=source]', (input) => {
      (input as HTMLInputElement).value = '/sample.bin';
    });
    await page.click('button[type=submit]');
    const done = await page.waitForFunction(
      () => {
        const item = document.querySelector('#transfers li');
        const status = item?.getAttribute('data-status');
        return status === 'completed' || status === 'failed' ? `${status}: ${item?.textContent}` : false;
      },
      { timeout: 90_000, polling: 200 },
    );
    expect(await done.jsonValue()).toMatch(/^completed: .*100%/);
    expect(await page.$eval('#message', (element) => element.textContent)).toBe('Started: /sample.bin');
    expect(await readFile(join(home, 'Downloads', 'sample.bin'))).toEqual(bytes);
  }, 150_000);
});
