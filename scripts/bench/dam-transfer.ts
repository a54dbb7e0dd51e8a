// The DAM's accelerated upload end to end (issue 14): a 1 GiB file through the whole chain — page → extension →
// native host → daemon → rapid/1 engine → the DAM's embedded node → ingest — against the transfer engine alone
// uploading the same file to the same node in the same run. Also: click-to-first-byte latency (the Upload click
// to the node's first written byte) and file-complete-to-asset-visible latency (the node's "completed" to the
// asset in the folder listing). Run by hand: `npm run bench:dam-transfer` (size in MiB as the first argument).
import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'puppeteer-core';
import { NodeClient } from '../../dam-app/server/transfer-node/node-client.ts';
import { TRANSFER_DEFAULTS } from '../../dam-app/server/transfers/pre-transfer-route.ts';
import { assertBuilt } from '../../test/e2e/harness/artifacts.ts';
import { startDamWebSite } from '../../test/e2e/harness/dam-web.ts';
import { launchRapidBrowser } from '../../test/e2e/harness/rapid-browser.ts';
import { TransferEngine } from '../../transfer/src/engine/transfer-engine.ts';
import { writeRandomFile } from './lib/random-file.ts';
import { mbps } from './lib/stats.ts';

const mib = Number(process.argv[2] ?? 1024);
const bytes = mib * 1024 * 1024;
await assertBuilt();
const dir = await mkdtemp(join(tmpdir(), 'rapid-bench-dam-'));
const home = join(dir, 'user');
await mkdir(join(home, 'Downloads'), { recursive: true });
const source = join(dir, 'bench-upload.bin');
writeRandomFile(source, bytes);
const script = join(dir, 'ui.json');
await writeFile(script, JSON.stringify({ consent: { '*': true }, open_files: [source] }));

const site = await startDamWebSite();
const endpoint = site.runtime.services.nodes[0];
if (!endpoint) throw new Error('the DAM started no embedded node');
const node = new NodeClient(endpoint);
const storage = site.runtime.services.config.storageRoot;
await mkdir(join(storage, 'Library', 'bench-engine'), { recursive: true });

console.log(
  `DAM transfer benchmark: ${mib} MiB, target rate ${TRANSFER_DEFAULTS.target_rate_kbps} kb/s (R-TRANSFER-DEFAULTS)`,
);

// 1. The transfer engine alone, to the same node, with the same target rate the DAM's specs carry.
const setup = await node.call('POST', '/files/upload_setup', {
  transfer_requests: [{ transfer_request: { destination_root: '/Library/bench-engine' } }],
});
const engineSpec = (setup.body as { transfer_specs: { transfer_spec: Record<string, unknown> }[] })
  .transfer_specs[0]?.transfer_spec;
if (!engineSpec) throw new Error(`upload_setup failed: ${JSON.stringify(setup.body)}`);
const engine = new TransferEngine();
const engineStart = performance.now();
const engineInfo = await engine
  .start(
    {
      ...engineSpec,
      paths: [{ source }],
      destination_root: '/Library/bench-engine',
      target_rate_kbps: TRANSFER_DEFAULTS.target_rate_kbps,
    },
    { uuid: randomUUID() },
  )
  .done();
const engineMs = performance.now() - engineStart;
if (engineInfo.status !== 'completed')
  throw new Error(`engine alone: ${engineInfo.status} ${engineInfo.error_desc}`);
console.log(`engine alone done in ${(engineMs / 1000).toFixed(1)} s; now the whole chain…`);

// 2. The whole chain, driven through the web app as a person would.
const rapid = await launchRapidBrowser({
  hostEnv: { RAPID_UI: 'scripted', RAPID_UI_SCRIPT: script, HOME: home },
});
let page: Page | undefined;
try {
  page = await rapid.browser.newPage();
  await page.setViewport({ width: 1280, height: 860 });
  page.on('dialog', (dialog) => void dialog.accept());
  const carlos = site.logins.find((login) => login.username === 'carlos');
  await page.goto(new URL('#/login', site.url).href);
  await page.locator('input[name="login"]').fill('carlos');
  await page.locator('input[name="password"]').fill(carlos?.password ?? '');
  await page.locator('aria/Log in[role="button"]').click();
  await page.waitForSelector('[data-testid="transfer-panel-toggle"][data-client-status="RUNNING"]', {
    timeout: 60_000,
  });
  await page.locator('aria/Create ▾[role="button"]').click();
  await page.locator('aria/Quick Upload[role="menuitem"]').click();
  await page.waitForSelector('[data-testid="upload-dialog"]', { visible: true });
  await page.locator('aria/Choose File[role="button"]').click();
  await page.waitForSelector('::-p-text(bench-upload.bin)');

  const nodeRecord = async () => {
    const answer = await node.call('GET', '/ops/transfers?filter=summary');
    const records = (
      answer.body as { status: string; bytes_written: number; start_spec?: { cookie?: string } }[]
    ).filter((record) => record.start_spec?.cookie?.startsWith('carlos,'));
    return records.at(-1);
  };
  const uploadButton = await page.waitForSelector('aria/Upload[role="button"]');
  const clicked = performance.now();
  await uploadButton?.click();
  const deadline = clicked + 15 * 60_000;
  let firstByte = 0;
  let completed = 0;
  for (;;) {
    const record = await nodeRecord();
    const now = performance.now();
    if (!firstByte && record && record.bytes_written > 0) firstByte = now;
    if (record?.status === 'completed') {
      completed = now;
      break;
    }
    if (record?.status === 'failed') throw new Error('the chain upload failed');
    if (now > deadline) throw new Error(`the chain upload did not complete: ${JSON.stringify(record)}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  const root = await page.evaluate(async () => (await (await fetch('/api/v1/folders/tree')).json()).root.id);
  let visible = 0;
  for (;;) {
    const listing = await page.evaluate(
      async (id) => (await (await fetch(`/api/v1/folders/${id}/assets?limit=500`)).json()).items,
      root,
    );
    if ((listing as { fileName: string }[]).some((asset) => asset.fileName === 'bench-upload.bin')) {
      visible = performance.now();
      break;
    }
    if (performance.now() - completed > 120_000) throw new Error('the asset never showed');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }

  const chainMs = completed - clicked;
  const rows: [string, string, string][] = [
    [
      'engine alone (engine → node)',
      `${(engineMs / 1000).toFixed(1)} s`,
      `${mbps(bytes, engineMs).toFixed(1)} Mb/s`,
    ],
    [
      'whole chain (click → node completed)',
      `${(chainMs / 1000).toFixed(1)} s`,
      `${mbps(bytes, chainMs).toFixed(1)} Mb/s`,
    ],
  ];
  for (const [name, time, rate] of rows)
    console.log(`${name.padEnd(40)} ${time.padStart(9)} ${rate.padStart(13)}`);
  console.log(`chain / engine throughput: ${(engineMs / chainMs).toFixed(2)}× (target ≥ 0.80×)`);
  console.log(`click → first byte at the node: ${(firstByte - clicked).toFixed(0)} ms`);
  console.log(`file complete → asset visible: ${(visible - completed).toFixed(0)} ms`);
} finally {
  await page?.close().catch(() => undefined);
  await rapid.close();
  node.close();
  await site.close();
  await rm(dir, { recursive: true, force: true });
}
