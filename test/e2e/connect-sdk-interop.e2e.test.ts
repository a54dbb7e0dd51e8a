import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'puppeteer-core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ARTIFACTS, assertBuilt, CHROMIUM_PATH } from './harness/artifacts.ts';
import { launchBrowser } from './harness/launch-browser.ts';
import { isAlive, launchRapidBrowser, type RapidBrowser } from './harness/rapid-browser.ts';

// The published IBM SDK, unchanged, must drive Rapid through our extension and through our local HTTP server.
const SDK_FILE = createRequire(import.meta.url).resolve('@ibm-aspera/connect-sdk-js/dist/js/connect-sdk.js');
const DAEMON_SCRIPT = ARTIFACTS.hostScript.replace('rapid-host.mjs', 'rapid-daemon.mjs');

let site: Server | undefined;
let rapid: RapidBrowser | undefined;
let standalone: { browser: import('puppeteer-core').Browser; daemon: ChildProcess; dir: string } | undefined;

beforeAll(assertBuilt);
afterEach(async () => {
  await rapid?.close();
  rapid = undefined;
  if (standalone) {
    await standalone.browser.close();
    standalone.daemon.kill('SIGTERM');
    await new Promise((resolve) => standalone?.daemon.once('exit', resolve));
    await rm(standalone.dir, { recursive: true, force: true });
    standalone = undefined;
  }
  site?.close();
  site = undefined;
});

/** A page that loads the real connect-sdk.js and starts a session with the given connect method. */
async function serveSite(method: 'extension' | 'http'): Promise<string> {
  const sdk = await readFile(SDK_FILE);
  const page = `<!doctype html><html><body><script src="/connect-sdk.js"></script><script>
    window.statuses = [];
    window.connect = new AW4.Connect({ connectMethod: '${method}', minVersion: '3.9.0' });
    connect.addEventListener(AW4.Connect.EVENT.STATUS, (_t, status) => statuses.push(status));
    connect.initSession('interop-test');
  </script></body></html>`;
  site = createServer((request, response) => {
    if (request.url === '/connect-sdk.js') response.end(sdk);
    else response.end(page);
  });
  await new Promise<void>((resolve) => site?.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(site.address() as { port: number }).port}/`;
}

async function anyClientAnswering(): Promise<boolean> {
  const answers = await Promise.all(
    Array.from({ length: 20 }, (_, index) =>
      fetch(`http://127.0.0.1:${33003 + index}/v5/connect/info/ping`, {
        signal: AbortSignal.timeout(500),
      }).then(
        () => true,
        () => false,
      ),
    ),
  );
  return answers.some(Boolean);
}

const ENGINE = JSON.stringify({ tickMs: 20, bytesPerTick: 250_000, fileBytes: 1_000_000 });

async function scriptedEnv(dir: string, consent = true) {
  const script = join(dir, 'ui.json');
  await writeFile(script, JSON.stringify({ consent: { '*': consent } }));
  return {
    RAPID_UI: 'scripted',
    RAPID_UI_SCRIPT: script,
    RAPID_ENGINE: 'test-double',
    RAPID_TEST_DOUBLE_ENGINE: ENGINE,
  };
}

/** Starts a download with the SDK's own API and follows it with getTransfer until it completes. */
async function transferThroughSdk(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    type Sdk = {
      startTransferPromise(spec: unknown, settings: unknown): Promise<{ transfer_specs: { uuid: string }[] }>;
      getTransfer(id: string): Promise<{ transfer_info: { status: string } }>;
    };
    const connect = (window as unknown as { connect: Sdk }).connect;
    const started = await connect.startTransferPromise(
      {
        paths: [{ source: '/remote/interop.bin', destination: 'interop.bin' }],
        remote_host: 'node.example',
        direction: 'receive',
      },
      { allow_dialogs: false },
    );
    const id = started.transfer_specs[0]?.uuid ?? '';
    const seen: string[] = [];
    for (let i = 0; i < 200; i++) {
      const { status } = (await connect.getTransfer(id)).transfer_info;
      if (seen.at(-1) !== status) seen.push(status);
      if (status === 'completed' || status === 'failed') break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return seen;
  });
}

describe('the published @ibm-aspera/connect-sdk-js, unchanged', () => {
  it('reaches RUNNING through our extension and completes a transfer', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'rapid-interop-'));
    try {
      rapid = await launchRapidBrowser({ hostEnv: { ...(await scriptedEnv(dir)), RAPID_HTTP_PORTS: '0+1' } });
      const page = await rapid.browser.newPage();
      await page.goto(await serveSite('extension'));
      await page.waitForFunction(
        () => (window as unknown as { statuses: string[] }).statuses.includes('RUNNING'),
        {
          timeout: 20_000,
        },
      );
      const statuses = await transferThroughSdk(page);
      expect(statuses.at(-1)).toBe('completed');
      expect(isAlive((await rapid.daemonPid()) as number)).toBe(true);

      // A path the user never chose for this page is refused, with the error object.
      const read = await page.evaluate(() => {
        type Sdk = { readAsArrayBuffer(options: { path: string }): Promise<unknown> };
        return (window as unknown as { connect: Sdk }).connect
          .readAsArrayBuffer({ path: '/etc/passwd' })
          .then(
            () => 'read',
            (error: unknown) => error,
          );
      });
      expect(read).toMatchObject({ error: { code: 403 } });
      expect((read as { error: { user_message: string } }).error.user_message).toContain(
        '/etc/passwd was not',
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('gets the documented error object when the user refuses consent, through the extension', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'rapid-interop-'));
    try {
      rapid = await launchRapidBrowser({
        hostEnv: { ...(await scriptedEnv(dir, false)), RAPID_HTTP_PORTS: '0+1' },
      });
      const page = await rapid.browser.newPage();
      await page.goto(await serveSite('extension'));
      await page.waitForFunction(
        () => (window as unknown as { statuses: string[] }).statuses.includes('RUNNING'),
        {
          timeout: 20_000,
        },
      );
      const refusal = await page.evaluate(async () => {
        type Sdk = { startTransferPromise(spec: unknown, settings: unknown): Promise<unknown> };
        const connect = (window as unknown as { connect: Sdk }).connect;
        return connect
          .startTransferPromise(
            {
              paths: [{ source: '/remote/x', destination: 'x' }],
              remote_host: 'node.example',
              direction: 'receive',
            },
            { allow_dialogs: false },
          )
          .then(
            () => 'started',
            (error: unknown) => error,
          );
      });
      expect(refusal).toMatchObject({ error: { code: 403, internal_message: 'Forbidden' } });
      expect((refusal as { error: { user_message: string } }).error.user_message).toContain(
        'You did not allow',
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('reaches RUNNING through our local HTTP server (port sweep from 33003) and completes a transfer', async () => {
    // The SDK picks the lowest answering port: a daemon a previous test is still stopping must be gone first.
    await expect.poll(anyClientAnswering, { timeout: 10_000, interval: 200 }).toBe(false);
    const dir = await mkdtemp(join(tmpdir(), 'rapid-interop-http-'));
    const daemon = spawn(process.execPath, [DAEMON_SCRIPT], {
      env: { ...process.env, ...(await scriptedEnv(dir)), RAPID_HOME: join(dir, 'home') },
      stdio: 'ignore',
    });
    const browser = await launchBrowser({
      executablePath: CHROMIUM_PATH,
      headless: true,
      pipe: true,
      userDataDir: join(dir, 'profile'),
      args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
    });
    standalone = { browser, daemon, dir };
    const page = await browser.newPage();
    await page.goto(await serveSite('http'));
    await page.waitForFunction(
      () => (window as unknown as { statuses: string[] }).statuses.includes('RUNNING'),
      {
        timeout: 30_000,
      },
    );
    const statuses = await transferThroughSdk(page);
    expect(statuses.at(-1)).toBe('completed');
    // The transfer is in this test's daemon, not in some other client answering on the same ports.
    const stored = async () => {
      const text = await readFile(join(dir, 'home', 'transfers.json'), 'utf8').catch(() => '{"records":[]}');
      return (JSON.parse(text) as { records: { info: { title: string; status: string } }[] }).records.map(
        (record) => record.info,
      );
    };
    await expect
      .poll(stored)
      .toEqual([expect.objectContaining({ title: 'interop.bin', status: 'completed' })]);
  });
});
