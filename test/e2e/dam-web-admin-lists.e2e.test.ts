import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { scanUpload } from '../../dam-app/server/antivirus/antivirus-service.ts';
import { reconcile } from '../../dam-app/server/assets/reconcile.ts';
import { ApiClient } from '../../dam-app/server/test-support/api-client.ts';
import { EICAR, type RunningClamd, startClamd } from '../../dam-app/server/test-support/clamd.ts';
import { en } from '../../dam-app/web/src/i18n/messages-en.ts';
import { fr } from '../../dam-app/web/src/i18n/messages-fr.ts';
import {
  ADMIN_PASSWORD,
  type DamWebSite,
  launchChromium,
  openAdminPage,
  SCREEN_WAIT_MS,
  screenSteps,
  startDamWebSite,
} from './harness/dam-web.ts';

// The administration lists of issues 29 and 30 with real content, in English and French, each axe-checked: remote
// servers, the quarantine (an EICAR upload quarantined by a real clamd), Archive status (an archive proxy and a
// scheduled archive) and the past stamp runs (one applied, one undone); then the library's side of the archive
// (R-ARCHIVE-SELECTION): the "archived" badge, Archive… on a selection, and the proxy's page with its state and
// Restore. One server for all of it: its start is most of the file's time. Screens: dam-web-admin-lists-*.png.

const CITY = 'http://ns.example.org/photo/1.0/city';
const FOLDER = 'Library/Cold';
let clamd: RunningClamd;
let site: DamWebSite;
let browser: Browser;
let page: Page;
const ids: Record<string, number> = {};

async function until(probe: () => Promise<boolean>) {
  const deadline = Date.now() + SCREEN_WAIT_MS;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

beforeAll(async () => {
  clamd = await startClamd();
  site = await startDamWebSite({ env: { DAM_CLAMD: clamd.socket, DAM_CLAMAV_DATABASE: clamd.database } });
  const { services } = site.runtime;
  const admin = new ApiClient(site.url);
  await admin.login('admin', ADMIN_PASSWORD);
  const ok = (answer: { status: number; body: unknown }) => {
    if (answer.status >= 300) throw new Error(JSON.stringify(answer.body));
    return answer.body as { id: number };
  };

  ok(
    await admin.post('/admin/remote-servers', {
      name: 'Printer drop',
      address: 'ftp.printer.example:21',
      username: 'dam',
      password: 'a-long-ftp-password',
      destination: '/incoming',
      description: 'Print-ready PDFs for the printer',
    }),
  );
  ok(
    await admin.post('/admin/remote-servers', {
      name: 'Agency archive',
      protocol: 'ftps',
      address: 'files.agency.example',
      username: 'rapid',
      password: 'another-long-password',
      pcFormat: true,
    }),
  );

  await mkdir(services.tree.absolute(FOLDER), { recursive: true });
  for (const name of ['harbour.bin', 'lighthouse.bin', 'quay.bin'])
    await writeFile(services.tree.absolute(`${FOLDER}/${name}`), randomBytes(20_000));
  await reconcile(services, FOLDER);
  for (const row of await services.db.selectFrom('assets').select(['id', 'name']).execute())
    ids[row.name] = row.id;
  const adminId = (
    await services.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'admin')
      .executeTakeFirstOrThrow()
  ).id;

  // An EICAR upload as the HTTP path hands it over: staged, scanned by clamd, quarantined.
  const staged = join(services.config.home, 'staged-invoice.pdf');
  await writeFile(staged, Buffer.concat([randomBytes(200), Buffer.from(EICAR)]));
  await scanUpload(services, {
    file: staged,
    path: `${FOLDER}/invoice.pdf`,
    userId: adminId,
    via: 'http',
  }).catch(() => undefined);

  // An archive proxy (archived now) and a scheduled archive (next year).
  ok(await admin.post('/assets/archive', { assetIds: [ids['harbour.bin']] }));
  ok(
    await admin.post('/assets/archive', {
      assetIds: [ids['lighthouse.bin']],
      archiveAt: new Date(Date.now() + 365 * 86_400_000).toISOString(),
      retentionUntil: new Date(Date.now() + 730 * 86_400_000).toISOString(),
    }),
  );

  // Two stamp runs: one applied, one undone.
  const root = (await admin.get('/folders/tree')).body.root as { id: number };
  ok(
    await admin.post('/admin/forms', {
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
    }),
  );
  const stamps = [];
  for (const city of ['Bergen', 'Tromsø'])
    stamps.push(
      ok(await admin.post('/admin/stamps', { name: city, values: [{ key: CITY, value: city }] })).id,
    );
  const all = [ids['lighthouse.bin'], ids['quay.bin']] as number[];
  const first = ok(await admin.post(`/stamps/${stamps[0]}/apply`, { assetIds: all })) as { runId?: number };
  ok(await admin.post(`/stamps/runs/${first.runId}/undo`, {}));
  ok(await admin.post(`/stamps/${stamps[1]}/apply`, { assetIds: all }));

  await until(
    async () =>
      (
        await services.db
          .selectFrom('asset_archives')
          .select('state')
          .where('asset_id', '=', ids['harbour.bin'] as number)
          .executeTakeFirst()
      )?.state === 'archived',
  );
  browser = await launchChromium();
  page = await openAdminPage(site, browser, { width: 1280, height: 900 });
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await site?.close();
  await clamd?.close();
});

const { go, seeText, checkScreen } = screenSteps(
  'dam-web-admin-lists',
  () => site,
  () => page,
);

describe('the administration lists of issues 29 and 30, and the library’s archive', () => {
  it.each([
    ['en', en],
    ['fr', fr],
  ] as const)(
    'shows remote servers, quarantine, archive status and stamp runs with content (%s)',
    async (language, t) => {
      await page.evaluate((chosen) => window.localStorage.setItem('rapid-dam.language', chosen), language);
      await go('#/admin/remote');
      await page.reload();
      await seeText('Agency archive');
      await checkScreen(`${language}-remote`);
      await go('#/admin/quarantine');
      await seeText(`${FOLDER}/invoice.pdf`);
      await checkScreen(`${language}-quarantine`);
      await go('#/admin/archive');
      await seeText(t['archive.emptyRestoring']);
      await seeText('harbour.bin');
      await seeText('lighthouse.bin');
      await checkScreen(`${language}-archive`);
      await go('#/admin/stamp-runs');
      await seeText('Tromsø');
      await checkScreen(`${language}-stamp-runs`);
    },
  );

  it('badges the archive proxy in the library, archives a selection, and shows the proxy’s state with Restore', async () => {
    await page.evaluate(() => window.localStorage.setItem('rapid-dam.language', 'en'));
    const folderId = (
      await site.runtime.services.db
        .selectFrom('folders')
        .select('id')
        .where('path', '=', FOLDER)
        .executeTakeFirstOrThrow()
    ).id;
    await go(`#/folder/${folderId}`);
    await page.reload();
    await page.waitForSelector('[data-archive-badge="archived"]', { visible: true, timeout: SCREEN_WAIT_MS });
    // Ctrl+click selects without opening; the asset actions menu offers Archive….
    await page.keyboard.down('Control');
    await page.click(`[data-asset-id="${ids['quay.bin']}"]`);
    await page.keyboard.up('Control');
    await page.locator(`aria/${en['browse.assetActions']}[role="button"]`).click();
    await page.locator(`aria/${en['archiveSelection.menu']}[role="menuitem"]`).click();
    await seeText(en['archiveSelection.title']);
    await checkScreen('en-archive-dialog');
    await page.locator(`aria/Archive 1 asset[role="button"]`).click();
    await until(async () =>
      Boolean(
        await site.runtime.services.db
          .selectFrom('asset_archives')
          .select('state')
          .where('asset_id', '=', ids['quay.bin'] as number)
          .executeTakeFirst(),
      ),
    );
    await page.waitForSelector(`[data-asset-id="${ids['quay.bin']}"] [data-archive-badge]`, {
      visible: true,
      timeout: SCREEN_WAIT_MS,
    });
    await checkScreen('en-library-badges');

    await page.evaluate(() => window.localStorage.setItem('rapid-dam.language', 'fr'));
    await go(`#/asset/${ids['harbour.bin']}`);
    await page.reload();
    await seeText(fr['archiveSelection.notice.title'].replace('{state}', fr['archive.retention']));
    await checkScreen('fr-asset-archived');
  });
});
