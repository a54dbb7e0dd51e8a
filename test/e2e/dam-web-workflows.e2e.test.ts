import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { type AddressInfo, createServer } from 'node:net';
import { dirname, join } from 'node:path';
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WORKFLOW_MESSAGES } from '../../dam-app/api/messages.ts';
import { ingestFile } from '../../dam-app/server/assets/ingest.ts';
import { queueJob } from '../../dam-app/server/jobs/job-payloads.ts';
import { ApiClient } from '../../dam-app/server/test-support/api-client.ts';
import { insertRun } from '../../dam-app/server/workflows/workflow-queries.ts';
import { en } from '../../dam-app/web/src/i18n/messages-en.ts';
import { fr } from '../../dam-app/web/src/i18n/messages-fr.ts';
import { localizeMessage } from '../../dam-app/web/src/i18n/translate.ts';
import {
  ADMIN_PASSWORD,
  type DamWebSite,
  inLanguage,
  launchChromium,
  quoted,
  SCREEN_WAIT_MS,
  screenSteps,
  signIn,
  startDamWebSite,
  withInstallPromptClosed,
} from './harness/dam-web.ts';

// The Workflow Manager and the Metadata Stamper (issue 29) in real Chromium against the real DAM server (PGlite): a
// workflow that ran on an ingested asset (its run history), the debugger's dry run on that asset reached by keyboard,
// and a stamp previewed and applied to it, in English and French, each screen axe-checked (one server for both
// features: its start is most of the file's time). Screens are saved as dam-web-workflows-*.png.

const CITY = 'http://ns.example.org/photo/1.0/city';
let site: DamWebSite;
let browser: Browser;
let page: Page;
let assetId = 0;
let publishId = 0;
let closedPort = 0;

beforeAll(async () => {
  site = await startDamWebSite();
  const admin = new ApiClient(site.url);
  await admin.login('admin', ADMIN_PASSWORD);
  const root = (await admin.get('/folders/tree')).body.root;
  const created = await admin.post('/admin/workflows', {
    name: 'Tag arrivals',
    trigger: 'ingested',
    folderId: root.id,
    script: `log.config('Arrived:', asset.path);\ndam.setField('${CITY}', 'Oslo');\ndam.addKeyword('arrival');\nif (asset.kind === 'other') log.finest('Not a picture');`,
  });
  if (created.status !== 201) throw new Error(JSON.stringify(created.body));
  await admin.post('/admin/workflows', {
    name: 'Runaway',
    trigger: 'metadataChanged',
    state: 'disabled',
    timeoutMs: 200,
    script: 'for (;;) {}',
  });
  const form = await admin.post('/admin/forms', {
    name: 'Photo',
    tabs: [
      {
        name: 'Main',
        fields: [
          {
            schema: 'http://ns.example.org/photo/1.0/',
            property: 'city',
            label: 'City',
            validator: { kind: 'String' },
          },
        ],
      },
    ],
    assignments: [{ folderId: root.id, use: 'bulkEdit' }],
  });
  if (form.status !== 201) throw new Error(JSON.stringify(form.body));
  for (const city of ['Bergen', 'Tromsø'])
    await admin.post('/admin/stamps', { name: city, values: [{ key: CITY, value: city }] });
  const { services } = site.runtime;
  const path = root.path ? `${root.path}/harbour.bin` : 'harbour.bin';
  const absolute = join(services.config.storageRoot, path);
  await mkdir(dirname(absolute), { recursive: true });
  await writeFile(absolute, randomBytes(4000));
  assetId = (await ingestFile(services, path, { actorId: null, event: 'Upload' })).id;
  // The run is a job: wait for it to finish.
  for (let tries = 0; tries < 200; tries++) {
    const runs = (await admin.get(`/admin/workflows/${created.body.id}/runs`)).body;
    if (runs.length && runs[0].status !== 'scheduled') break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  // A Regular workflow whose signed call fails (nothing listens on a port just closed): its failed run is what the
  // debugger steps through and replays.
  closedPort = await new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
  const publish = await admin.post('/admin/workflows', {
    name: 'Publish',
    type: 'regular',
    trigger: 'manual',
    steps: [
      { action: 'setField', key: CITY, value: 'Ålesund' },
      {
        action: 'callUrl',
        url: `http://127.0.0.1:${closedPort}/hook`,
        secret: 'a-signing-secret-of-sixteen',
      },
    ],
  });
  if (publish.status !== 201) throw new Error(JSON.stringify(publish.body));
  publishId = publish.body.id;
  await services.db.transaction().execute(async (trx) => {
    const runId = (await insertRun(trx, {
      workflowId: publishId,
      assetId,
      trigger: 'manual',
      parameters: {},
    })) as number;
    await queueJob(trx, 'workflow.run', { runId });
  });
  services.jobs.kick();
  for (let tries = 0; tries < 200; tries++) {
    const runs = (await admin.get(`/admin/workflows/${publishId}/runs`)).body;
    if (runs.length && runs[0].status !== 'scheduled') break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  browser = await launchChromium();
  page = await withInstallPromptClosed(await browser.newPage());
  await page.setViewport({ width: 1280, height: 900 });
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await site?.close();
});

const { go, seeText, button, checkScreen } = screenSteps(
  'dam-web-workflows',
  () => site,
  () => page,
);

/** Moves the focus with Tab until the element matching `selector` has it (at most 60 presses). */
async function tabTo(selector: string) {
  for (let presses = 0; presses < 60; presses++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return;
  }
  throw new Error(`Tab never reached ${selector}`);
}

describe.each([
  ['en', en],
  ['fr', fr],
] as const)('the Workflow Manager in %s', (language, t) => {
  const fill = (key: keyof typeof en, values: Record<string, string | number>) =>
    Object.entries(values).reduce((text, [name, value]) => text.replace(`{${name}}`, String(value)), t[key]);

  it('lists the workflows and shows a run’s changes and log', async () => {
    await inLanguage(page, language);
    if (language === 'en') {
      await signIn(page, site, 'admin', ADMIN_PASSWORD);
      // The landing in the library comes after the shell: going elsewhere before it would be undone by it.
      await page.waitForSelector('[role="tree"] [role="treeitem"]', {
        visible: true,
        timeout: SCREEN_WAIT_MS,
      });
    }
    await go('#/admin/workflows');
    await page.reload();
    await seeText('Runaway');
    await seeText(t['workflow.state.disabled']);
    await checkScreen(`${language}-list`);
    await button(fill('workflow.showRuns', { name: 'Tag arrivals' })).click();
    await seeText(t['workflow.status.completed']);
    // The run opens from the keyboard (a native details/summary).
    await page.focus('details > summary');
    await page.keyboard.press('Enter');
    await seeText(fill('workflow.change.addKeyword', { word: 'arrival' }));
    await seeText('Not a picture');
    await checkScreen(`${language}-runs`);
  });

  it('dry-runs the script on the asset from the keyboard and changes nothing', async () => {
    await go('#/admin/workflows');
    await seeText('Tag arrivals');
    await tabTo(`button[aria-label=${quoted(fill('admin.editWorkflow', { name: 'Tag arrivals' }))}]`);
    await page.keyboard.press('Enter');
    await page.waitForSelector('[role="dialog"][data-state="open"]', { visible: true });
    await tabTo('input[name="testAssetId"]');
    await page.keyboard.type(String(assetId));
    await page.keyboard.press('Enter');
    // The run history behind the drawer shows the same change: look for it in the dry run's own result.
    const result = await page.waitForSelector('#workflow-dry-run-result', {
      visible: true,
      timeout: SCREEN_WAIT_MS,
    });
    expect(await result?.evaluate((element) => element.textContent)).toContain(
      fill('workflow.change.setField', { key: CITY, value: 'Oslo' }),
    );
    await page.evaluate(() =>
      document.querySelector('#workflow-dry-run-result')?.scrollIntoView({ block: 'end' }),
    );
    await checkScreen(`${language}-debugger`);
    await page.keyboard.press('Escape');
    await page.waitForSelector('[role="dialog"][data-state="open"]', { hidden: true, timeout: 10_000 });
    // The dry run changed nothing: the keyword the ingest run added is there once, the field as it was.
    const row = await site.runtime.services.db
      .selectFrom('assets')
      .select(['keywords'])
      .where('id', '=', assetId)
      .executeTakeFirstOrThrow();
    expect(row.keywords).toEqual(['arrival']);
  });

  it('steps through a failed Regular run from the keyboard and replays it (R-WORKFLOW-DEBUGGER)', async () => {
    await go('#/admin/workflows');
    await seeText('Publish');
    await button(fill('workflow.showRuns', { name: 'Publish' })).click();
    await seeText(t['workflow.status.error']);
    await page.focus('details > summary');
    await page.keyboard.press('Enter');
    // The trace opens on the step in error; Previous goes back to the field that was set.
    const errorStep = fill('workflow.stepOf', { n: 2, total: 2, action: t['workflow.action.callUrl'] });
    await seeText(errorStep);
    await page.locator(`aria/${t['workflow.previousStep']}[role="button"]`).click();
    await seeText(fill('workflow.stepOf', { n: 1, total: 2, action: t['workflow.action.setField'] }));
    // R-WORKFLOW-URL-CALL: the run says what went wrong and what to check, in the person's language.
    await seeText(localizeMessage(WORKFLOW_MESSAGES.stepUrlRefused(`127.0.0.1:${closedPort}`), language));
    // The disabled "New folder" is as wide as its text, not as its grid column (a field's width).
    const width = async (selector: string) =>
      (await (await page.waitForSelector(selector))?.boundingBox())?.width ?? 0;
    const field = await width('input[name="workflowFolderName"]');
    expect(await width(`aria/${t['workflow.newFolder']}[role="button"]`)).toBeLessThan(field / 2);
    await checkScreen(`${language}-trace`);
    const runs = () =>
      site.runtime.services.db
        .selectFrom('workflow_runs')
        .select(['id', 'status'])
        .where('workflow_id', '=', publishId)
        .orderBy('id', 'desc')
        .execute();
    const before = await runs();
    const failed = before.find((run) => run.status === 'error');
    await button(fill('workflow.replay', { id: failed?.id ?? 0 })).click();
    for (let tries = 0; tries < 100 && (await runs()).length === before.length; tries++)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await runs()).length).toBe(before.length + 1);
  });

  it('previews a stamp on the asset and applies it', async () => {
    const city = language === 'en' ? 'Bergen' : 'Tromsø';
    await go('#/admin/stamps');
    await seeText(city);
    await button(fill('stamp.applyNamed', { name: city })).click();
    await page.locator('textarea[name="assetIds"]').fill(String(assetId));
    await button(t['stamp.preview']).click();
    await page.waitForSelector('#stamp-preview table', { visible: true, timeout: SCREEN_WAIT_MS });
    await checkScreen(`${language}-stamp-preview`);
    await button(fill('stamp.applyTo', { assets: 1 }).replace(/\{assets\|([^|]*)\|[^}]*\}/, '$1')).click();
    await page.waitForSelector('#stamp-preview', { hidden: true, timeout: SCREEN_WAIT_MS });
    const row = await site.runtime.services.db
      .selectFrom('assets')
      .select('metadata')
      .where('id', '=', assetId)
      .executeTakeFirstOrThrow();
    expect((row.metadata as { fields: Record<string, string> }).fields[CITY]).toBe(city);
  });
});
