import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FFPROBE } from '../../dam-app/server/media/video-clip.ts';
import { ApiClient } from '../../dam-app/server/test-support/api-client.ts';
import { eventually, sampleVideo } from '../../dam-app/server/test-support/sample-media.ts';
import { en } from '../../dam-app/web/src/i18n/messages-en.ts';
import { fr } from '../../dam-app/web/src/i18n/messages-fr.ts';
import {
  type DamWebSite,
  demoPassword,
  launchChromium,
  pageAfterFailure,
  SCREEN_WAIT_MS,
  screenSteps,
  signIn,
  startDamWebSite,
  withInstallPromptClosed,
} from './harness/dam-web.ts';

// The video timeline (issue 28) in real Chromium against the real DAM on PGlite: Carlos (a content author) opens a
// video, steps through it by frames from the keyboard, names a cue point, marks in and out, makes a clip and exports
// it as a new asset by the server's ffmpeg; ffprobe finds the new file 1.5 s long within a frame. The view in
// English and French, at 1280 and 768 px, axe-checked, saved as dam-web-video-timeline-*.png.

const run = promisify(execFile);
let site: DamWebSite;
let browser: Browser;
let page: Page;
let video: number;
const pageErrors: string[] = [];

beforeAll(async () => {
  site = await startDamWebSite();
  const client = new ApiClient(site.url);
  const carlos = { username: 'carlos', password: demoPassword(site, 'carlos') };
  await client.login(carlos.username, carlos.password);
  const path = 'Library/Video/interview.mp4';
  await sampleVideo(join(site.runtime.services.config.storageRoot, path), 6, '640x360');
  video = (await client.post('/assets/ingest', { path })).body.asset.id;
  await eventually(async () => (await client.get(`/assets/${video}`)).body.renditionState === 'done', 60_000);
  browser = await launchChromium();
  page = await openPage();
}, 180_000);
afterEach(async ({ task }) => {
  if (task.result?.state === 'fail') page = await pageAfterFailure(page, () => openPage());
});
afterAll(async () => {
  await browser?.close();
  await site?.close();
});

async function openPage(): Promise<Page> {
  const next = await withInstallPromptClosed(await browser.newPage());
  await next.setViewport({ width: 1280, height: 900 });
  next.on('pageerror', (error) => pageErrors.push(String(error)));
  return next;
}

const steps = screenSteps(
  'dam-web-video-timeline',
  () => site,
  () => page,
);
const { go, seeText, button } = steps;
const press = async (key: 'ArrowRight' | 'i' | 'o' | 'm', times = 1) => {
  for (let each = 0; each < times; each++) await page.keyboard.press(key);
};

async function checkScreen(name: string, top = 'video') {
  // The player (or the part the step is about) at the top of the picture.
  await page.evaluate(
    (selector) => document.querySelector(selector)?.scrollIntoView({ block: 'start' }),
    top,
  );
  await steps.checkScreen(name);
}

async function checkWidths(name: string) {
  await checkScreen(`${name}-1280`);
  await page.setViewport({ width: 768, height: 1000 });
  await checkScreen(`${name}-768`);
  await page.setViewport({ width: 1280, height: 900 });
}

async function logIn(username: string) {
  await signIn(page, site, username);
  await page.waitForSelector('[role="tree"] [role="treeitem"]', { visible: true, timeout: SCREEN_WAIT_MS });
}

describe('the video timeline in the web app', () => {
  it('names a cue point and exports a clip made from the keyboard as a new asset', async () => {
    await logIn('carlos');
    await go(`#/asset/${video}`);
    const slider = await page.waitForSelector(`aria/${en['video.timeline']}[role="slider"]`, {
      visible: true,
      timeout: SCREEN_WAIT_MS,
    });
    // The video's metadata is loaded: the timecode shows its length.
    await page.waitForFunction(
      () => document.querySelector('[data-testid="timecode"]')?.textContent?.endsWith('00:00:06:00'),
      { timeout: SCREEN_WAIT_MS },
    );
    await slider?.focus();
    await press('ArrowRight', 10);
    await page.waitForFunction(() =>
      document.querySelector('[data-testid="timecode"]')?.textContent?.startsWith('00:00:01:00'),
    );
    await press('m');
    await page.keyboard.type('Intro');
    await page.keyboard.press('Enter');
    await page.waitForSelector(
      `aria/${en['video.goTo'].replace('{time}', '00:00:01:00').replace('{name}', 'Intro')}[role="button"]`,
      {
        visible: true,
        timeout: SCREEN_WAIT_MS,
      },
    );

    await slider?.focus();
    await press('i');
    await press('ArrowRight', 15);
    await press('o');
    await seeText(en['video.marks'].replace('{in}', '00:00:01:00').replace('{out}', '00:00:02:05'));
    await page.locator(`input[name="name"]`).fill('Answer');
    await button(en['video.addClip']).click();
    await page.waitForSelector(
      `aria/${en['video.exportAssetOf'].replace('{name}', 'Answer')}[role="button"]`,
      {
        visible: true,
        timeout: SCREEN_WAIT_MS,
      },
    );
    await checkWidths('clip-en');

    await button(en['video.exportAssetOf'].replace('{name}', 'Answer')).click();
    await seeText(en['video.openClipAsset']);
    const made = await site.runtime.services.db
      .selectFrom('assets')
      .select(['path', 'file_name'])
      .where('file_name', '=', 'interview (Answer).mp4')
      .executeTakeFirstOrThrow();
    const { stdout } = await run(FFPROBE, [
      ...['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0'],
      join(site.runtime.services.config.storageRoot, made.path),
    ]);
    expect(Math.abs(Number(stdout) - 1.5)).toBeLessThanOrEqual(0.1);
    await checkScreen('exported-en-1280', '#cue-points-heading');

    await page.evaluate(() => window.localStorage.setItem('rapid-dam.language', 'fr'));
    await page.reload();
    await page.waitForSelector(`aria/${fr['video.timeline']}[role="slider"]`, {
      visible: true,
      timeout: SCREEN_WAIT_MS,
    });
    await seeText(fr['video.exported']);
    await checkWidths('clip-fr');
    expect(pageErrors).toEqual([]);
  }, 120_000);
});
