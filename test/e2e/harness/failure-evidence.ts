import type { Browser } from 'puppeteer-core';
import { saveScreenshot } from './screenshot.ts';

// What a failed test leaves behind for the person reading CI's output: every open page's screenshot, address and
// text, and whatever a harness part registered (an X display's windows, a daemon's log). A wait that timed out then
// also says what the screen showed.

type Describe = () => Promise<string>;

const browsers = new Set<Browser>();
const describers = new Map<string, Describe>();

/** Keeps a browser in the evidence while it is connected. */
export function trackBrowser<T extends Browser>(browser: T): T {
  browsers.add(browser);
  browser.once('disconnected', () => browsers.delete(browser));
  return browser;
}

/** Adds a named description to the evidence until the returned function is called. */
export function describeOnFailure(name: string, describe: Describe): () => void {
  describers.set(name, describe);
  return () => describers.delete(name);
}

const PAGE_TEXT_CHARS = 1500;
const STEP_TIMEOUT_MS = 5_000;

export interface Evidence {
  /** Everything, for the test's own output. */
  full: string;
  /** At most `BRIEF_CHARS` per block: CI keeps only the end of a run's output, where the failures are listed. */
  brief: string;
}

const BRIEF_CHARS = 700;

export async function collectEvidence(testName: string): Promise<Evidence> {
  const slug = testName
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, 60);
  // A page's text matters from its top, a log from its end.
  const sections: { title: string; body: string; keep: 'start' | 'end' }[] = [];
  for (const browser of browsers) {
    for (const page of await within(browser.pages(), [])) {
      const index = sections.length + 1;
      const text = await within(
        page.evaluate(() => document.body?.innerText ?? ''),
        '(no text: the page did not answer)',
      );
      if (page.url() === 'about:blank' && !text.trim()) continue;
      const shot = await within(
        saveScreenshot(page, `FAILED-${slug}-${index}`),
        '(no screenshot: the page did not answer)',
      );
      const shown = text.replace(/\s*\n\s*/g, ' | ').slice(0, PAGE_TEXT_CHARS);
      sections.push({
        title: `page ${index}: ${page.url()}`,
        body: `screenshot: ${shot}\ntext: ${shown}`,
        keep: 'start',
      });
    }
  }
  for (const [name, describe] of describers)
    sections.push({ title: name, body: await within(describe(), '(did not answer)'), keep: 'end' });
  const heading = `── evidence for the failed test "${testName}" ──`;
  const join = (brief: boolean) =>
    `${heading}\n${
      sections
        .map(({ title, body, keep }) => `${title}:\n${brief ? shorten(body, keep) : body}`)
        .join('\n\n') || '(nothing open)'
    }\n`;
  return { full: `${join(false)}\n`, brief: join(true) };
}

/** Each block of `body` (blocks are separated by a blank line, e.g. one per log) cut to `BRIEF_CHARS`. */
function shorten(body: string, keep: 'start' | 'end'): string {
  return body
    .split('\n\n')
    .map((block) => {
      if (block.length <= BRIEF_CHARS) return block;
      return keep === 'start' ? `${block.slice(0, BRIEF_CHARS)}…` : `…${block.slice(-BRIEF_CHARS)}`;
    })
    .join('\n\n');
}

/** `work`'s result, or `fallback` when it fails or takes over 5 s (a page stuck in a loop must not hold up the run). */
export function within<T>(work: Promise<T>, fallback: T): Promise<T> {
  return Promise.race([
    work.catch((error: unknown) => {
      const message = `(failed: ${error instanceof Error ? error.message : String(error)})`;
      return (typeof fallback === 'string' ? message : fallback) as T;
    }),
    new Promise<T>((resolve) => setTimeout(() => resolve(fallback), STEP_TIMEOUT_MS).unref()),
  ]);
}
