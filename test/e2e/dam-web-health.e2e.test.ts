import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, ElementHandle, Page } from 'puppeteer-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contrastRatio, MIN_CONTRAST } from '../../dam-app/api/workspaces.ts';
import { type RunningClamd, startClamd } from '../../dam-app/server/test-support/clamd.ts';
import { en } from '../../dam-app/web/src/i18n/messages-en.ts';
import { fr } from '../../dam-app/web/src/i18n/messages-fr.ts';
import {
  type DamWebSite,
  launchChromium,
  openAdminPage,
  SCREEN_WAIT_MS,
  screenSteps,
  startDamWebSite,
} from './harness/dam-web.ts';

// The Health tests and System status sections of Administration in real Chromium, against the real DAM server with a
// real clamd (the project's EICAR signatures): every test green, the antivirus red once clamd stops, both sections in
// English and French, axe clean; then Statistics and the audit log's CSV export (issue 30). Screens are saved as
// dam-web-health-*.png.

let clamd: RunningClamd;
let site: DamWebSite;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  clamd = await startClamd();
  site = await startDamWebSite({ env: { DAM_CLAMD: clamd.socket, DAM_CLAMAV_DATABASE: clamd.database } });
  browser = await launchChromium();
  page = await openAdminPage(site, browser, { width: 1280, height: 1000 });
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await site?.close();
  await clamd?.close();
});

const { go, seeText, checkScreen } = screenSteps(
  'dam-web-health',
  () => site,
  () => page,
);
/** The text of the health table's row whose first cell starts with `name`. */
const rowText = (name: string) =>
  page.evaluate((start) => {
    const row = [...document.querySelectorAll('tr')].find((each) =>
      each.cells[0]?.textContent?.startsWith(start),
    );
    return row?.textContent ?? '';
  }, name);

describe('Administration: health tests and system status', () => {
  it('shows every health test green with its figures, then the antivirus red once clamd stops', async () => {
    await go('#/admin/health');
    await seeText(en['health.healthy']);
    const antivirus = en['health.kind.antivirus'].replace(' {target}', '');
    expect(await rowText(antivirus)).toContain('Rapid.Test.EICAR');
    expect(await rowText(en['health.kind.smtp'].replace(' {target}', ''))).toContain(en['health.status.off']);
    await checkScreen('en');
    await clamd.stop();
    try {
      await page.locator(`aria/${en['health.runAgain']}[role="button"]`).click();
      await seeText(en['health.unhealthy']);
      expect(await rowText(antivirus)).toContain(en['health.reason.unreachable']);
      await checkScreen('antivirus-down-en');
    } finally {
      await clamd.start();
    }
  });

  it('shows the system status live: version, the servers, job queue, transfers per node', async () => {
    await go('#/admin/status');
    await seeText(en['status.servers']);
    await seeText(en['status.thisServer']);
    await seeText(en['status.jobs']);
    await seeText(en['status.transfers']);
    await checkScreen('status-en');
  });

  it('R-STATISTICS, R-LOG-REPORTS: shows statistics, and filters and exports the audit log as CSV', async () => {
    await go('#/admin/statistics');
    await page.waitForSelector(`aria/${en['statistics.days']}[role="table"]`, {
      visible: true,
      timeout: SCREEN_WAIT_MS,
    });
    await seeText(en['statistics.activeUsers']);
    await checkScreen('statistics-en');
    await go('#/admin/audit');
    await page.locator(`aria/${en['admin.filterUser']}`).fill('admin');
    await seeText('login');
    const href = await page.$eval(
      `a[href*="/admin/audit/export"]`,
      (link) => (link as HTMLAnchorElement).href,
    );
    expect(new URL(href).searchParams.get('user')).toBe('admin');
    const csv = await page.evaluate(async (url) => (await fetch(url)).text(), href);
    const [header, ...lines] = csv.trimEnd().split('\r\n');
    expect(header).toBe('id,at,user,event,target,ip,details');
    expect(lines.some((line) => line.includes(',admin,login,'))).toBe(true);
    await checkScreen('audit-en');
  });

  it('shows both sections in French', async () => {
    await page.evaluate(() => window.localStorage.setItem('rapid-dam.language', 'fr'));
    await go('#/admin/health');
    await page.reload();
    await seeText(fr['health.healthy']);
    await checkScreen('fr');
    await go('#/admin/status');
    await seeText(fr['status.servers']);
    await seeText(fr['status.jobs']);
    await checkScreen('status-fr');
    await go('#/admin/statistics');
    await seeText(fr['statistics.activeUsers']);
    await checkScreen('statistics-fr');
  });

  it('R-WORKSPACES: a workspace for the administrators themes their header with its colours and logo', async () => {
    await page.evaluate(() => window.localStorage.setItem('rapid-dam.language', 'en'));
    await go('#/admin/workspaces');
    await page.reload();
    await page.locator(`aria/${en['workspace.new']}[role="button"]`).click();
    const drawer = await page.waitForSelector('[role="dialog"]', { visible: true, timeout: SCREEN_WAIT_MS });
    await page.locator('[role="dialog"] input[name="name"]').fill('Brand');
    await page.locator('[role="dialog"] input[name="headerColor"]').fill('#5a189a');
    await page.locator('[role="dialog"] input[name="headerTextColor"]').fill('#ffffff');
    const logo = join(await mkdtemp(join(tmpdir(), 'dam-logo-')), 'logo.png');
    await sharp({ create: { width: 56, height: 56, channels: 4, background: '#ffd166' } })
      .png()
      .toFile(logo);
    const file = await drawer?.$('input[type="file"]');
    await (file as ElementHandle<HTMLInputElement>).uploadFile(logo);
    await page.locator('[role="dialog"] ::-p-text(Administrators)').click();
    const ratio = contrastRatio('#5a189a', '#ffffff').toFixed(2);
    await seeText(en['workspace.contrast'].replace('{ratio}', ratio).replace('{min}', String(MIN_CONTRAST)));
    await checkScreen('workspace-editor-en');
    await page.locator(`[role="dialog"] ::-p-aria(${en['app.create']}[role="button"])`).click();
    await page.waitForSelector('[role="dialog"]', { hidden: true, timeout: SCREEN_WAIT_MS });
    await page.waitForFunction(
      () =>
        getComputedStyle(document.querySelector('header') as HTMLElement).backgroundColor ===
        'rgb(90, 24, 154)',
      { timeout: SCREEN_WAIT_MS },
    );
    await page.waitForSelector(`header img[src*="/workspaces/"][alt="${en['app.name']}"]`, {
      visible: true,
      timeout: SCREEN_WAIT_MS,
    });
    await checkScreen('workspaces-en');
    await page.evaluate(() => window.localStorage.setItem('rapid-dam.language', 'fr'));
    await page.reload();
    await seeText(fr['workspace.startPath']);
    await checkScreen('workspaces-fr');
  });
});
