import puppeteer, { type Browser, type LaunchOptions } from 'puppeteer-core';
import { trackBrowser } from './failure-evidence.ts';

/** `puppeteer.launch`, and the browser's pages go into a failed test's evidence. */
export async function launchBrowser(options: LaunchOptions): Promise<Browser> {
  return trackBrowser(await puppeteer.launch(options));
}
