import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Page } from 'puppeteer-core';

/** Test artifacts land beside the run's reports (`.rapid-test/screenshots/`), for people to look at. */
export async function saveScreenshot(page: Page, name: string): Promise<string> {
  const dir = fileURLToPath(new URL('../../../.rapid-test/screenshots/', import.meta.url));
  await mkdir(dir, { recursive: true });
  const path = `${dir}${name}.png`;
  await page.screenshot({ path: path as `${string}.png` });
  return path;
}
