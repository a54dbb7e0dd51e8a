import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type NodeFixture, setupSpec, startNodeFixture } from '@rapid/transfer/test-support';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt } from './harness/artifacts.ts';
import { launchRapidBrowser, type RapidBrowser } from './harness/rapid-browser.ts';
import { waitForBridge } from './harness/raw-protocol.ts';
import { startTestSite, type TestSite } from './harness/test-site.ts';

const PAGE = '<!doctype html><title>dam</title><script src="/sdk/js/connect-sdk.js"></script><p>dam</p>';
let site: TestSite | undefined;
let node: NodeFixture | undefined;
let rapid: RapidBrowser | undefined;
let dir = '';

beforeAll(assertBuilt);
afterEach(async () => {
  await rapid?.close();
  await node?.close();
  await site?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('a real transfer, end to end', () => {
  it('page SDK → extension → host → daemon → rapid/1 engine → transfer node: the file arrives intact', async () => {
    dir = await mkdtemp(join(tmpdir(), 'rapid-real-'));
    const home = join(dir, 'user');
    await mkdir(join(home, 'Downloads'), { recursive: true });
    const script = join(dir, 'ui.json');
    await writeFile(script, JSON.stringify({ consent: { '*': true } }));
    node = await startNodeFixture();
    const bytes = randomBytes(8 * 1024 * 1024);
    await writeFile(join(node.docroot, 'master.mov'), bytes);
    // What a DAM server does: ask its node for a download spec (token, ports, certificate pin) for the page.
    const spec = await setupSpec(node, 'download', { paths: [{ source: '/master.mov' }] });
    site = await startTestSite({ 'index.html': PAGE });
    // No engine override: the daemon runs the real engine. HOME gives it a download folder of its own.
    rapid = await launchRapidBrowser({
      hostEnv: { RAPID_UI: 'scripted', RAPID_UI_SCRIPT: script, HOME: home },
    });
    const page = await rapid.browser.newPage();
    await page.goto(site.url);
    await waitForBridge(page);

    const statuses = await page.evaluate(async (nodeSpec: Record<string, unknown>) => {
      type Sdk = {
        initSession(): void;
        addEventListener(type: string, listener: (type: string, status: string) => void): void;
        startTransferPromise(spec: object, settings: object): Promise<{ transfer_specs: { uuid: string }[] }>;
        getTransfer(id: string): Promise<{ transfer_info: { status: string; error_desc?: string } }>;
      };
      const AW4 = (window as unknown as { AW4: { Connect: new (options: object) => Sdk } }).AW4;
      const connect = new AW4.Connect({ minVersion: '3.9.0' });
      await new Promise<void>((resolve) => {
        connect.addEventListener('status', (_type, status) => status === 'RUNNING' && resolve());
        connect.initSession();
      });
      const started = await connect.startTransferPromise(
        { ...nodeSpec, paths: [{ source: '/master.mov', destination: 'master.mov' }] },
        { allow_dialogs: false },
      );
      const id = started.transfer_specs[0]?.uuid ?? '';
      const seen: string[] = [];
      for (let i = 0; i < 600; i++) {
        const { status, error_desc } = (await connect.getTransfer(id)).transfer_info;
        if (seen.at(-1) !== status) seen.push(status === 'failed' ? `failed: ${error_desc}` : status);
        if (status === 'completed' || status === 'failed') break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      return seen;
    }, spec);

    expect(statuses.at(-1)).toBe('completed');
    expect(await readFile(join(home, 'Downloads', 'master.mov'))).toEqual(bytes);
  }, 120_000);
});
