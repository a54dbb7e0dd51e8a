import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDemoContent, seedDemo } from '@rapid/dam-app/demo';
import { createServices, loadConfig, silentLogger, startDamServer } from '@rapid/dam-app/server';
import type { Browser, Page } from 'puppeteer-core';
import { expect, inject } from 'vitest';
import { copyPgliteTemplate } from '../../../dam-app/server/test-support/database-templates.ts';
import { INSTALL_PROMPT_CLOSED_KEY } from '../../../dam-app/web/src/transfers/install-prompt-memory.ts';
import { CHROMIUM_PATH } from './artifacts.ts';
import { within } from './failure-evidence.ts';
import { launchBrowser } from './launch-browser.ts';
import { saveScreenshot } from './screenshot.ts';
import './provided-context.ts';

const root = (path: string) => fileURLToPath(new URL(`../../../${path}`, import.meta.url));
export const DAM_WEB_DIST = root('dam-app/web/dist');
export const ADMIN_PASSWORD = 'Admin-Password-42';

export type DamRuntime = Awaited<ReturnType<typeof createServices>>;

export interface DamWebSite {
  url: string;
  runtime: DamRuntime;
  /** The demo logins seedDemo made (the administrator's password is {@link ADMIN_PASSWORD}). */
  logins: { role: string; username: string; password: string }[];
  close(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * The real DAM server as the demo's entry (demo/demo-main.ts) wires it (PGlite, the demo data, the offline outbox), serving the web build.
 * `content: true` also makes the demo's assets (pictures, a video, a PDF, with renditions), as `npm start` does; `env`
 * adds configuration. The embedded transfer node listens on ports the system picks: on its fixed defaults (9092,
 * 33001) a second suite's DAM running beside this one failed with EADDRINUSE.
 */
export async function startDamWebSite(
  options: { content?: boolean; env?: Record<string, string> } = {},
): Promise<DamWebSite> {
  const env = options.env ?? {};
  await readFile(join(DAM_WEB_DIST, 'index.html')).catch(() => {
    throw new Error(`${DAM_WEB_DIST} is missing: run \`npm run build\` before the end-to-end tests.`);
  });
  const home = await mkdtemp(join(tmpdir(), 'rapid-dam-web-'));
  const port = await freePort();
  const config = loadConfig({
    DAM_HOME: home,
    PORT: String(port),
    DAM_SCRYPT_LOG_N: '10',
    DAM_ADMIN_PASSWORD: ADMIN_PASSWORD,
    DAM_NODE_API_PORT: '0',
    DAM_NODE_TRANSFER_PORT: '0',
    // The shipped dictionary (45k words) costs seconds at each start: only a suite that uses it asks for it.
    DAM_WORD_LIST: 'none',
    ...env,
  });
  // The run's migrated PGlite (pglite-template.setup.ts), which opens in a fraction of an initdb and the migrations.
  // Outside vitest (a bench run by hand) there is no template: the database is made and migrated at start.
  if (!config.databaseUrl && process.env.VITEST)
    await copyPgliteTemplate(inject('pgliteTemplate'), join(config.home, 'pglite'));
  const runtime = await createServices(config, silentLogger);
  const logins = await seedDemo(runtime.services);
  if (options.content) await createDemoContent(runtime.services);
  const server = await startDamServer({
    port,
    publicDir: DAM_WEB_DIST,
    sdkDir: root('sdk/dist'),
    installerDir: root('installer-frame/dist/install'),
    releaseDir: root('release'),
    services: runtime.services,
  });
  return {
    url: `http://127.0.0.1:${port}/`,
    runtime,
    logins,
    async close() {
      await server.close();
      await runtime.close();
      await rm(home, { recursive: true, force: true });
    },
  };
}

/**
 * How long a DAM suite waits for a screen or a message. CI runs the unit suites beside the e2e ones on 2 cores, and a
 * server round trip there has taken over 15 s.
 */
export const SCREEN_WAIT_MS = 30_000;

/**
 * The page to go on with after a failed test. The failed page may hold a form with unsaved edits, whose leave
 * guard (a `confirm`) would stop every later test: it is closed without its prompts and a fresh one opened.
 */
export async function pageAfterFailure(failed: Page, open: () => Promise<Page>): Promise<Page> {
  await within(failed.close(), undefined);
  return open();
}

/** Plain headless Chromium (the web app needs no extension). */
export function launchChromium(): Promise<Browser> {
  return launchBrowser({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-sync',
    ],
  });
}

/** Runs axe-core in the page (through DevTools, which the page's CSP does not govern) and returns violations. */
export async function axeViolations(page: Page): Promise<{ id: string; help: string; targets: string[] }[]> {
  const source = await readFile(root('node_modules/axe-core/axe.min.js'), 'utf8');
  await page.evaluate(source);
  return page.evaluate(async () => {
    interface AxeViolation {
      id: string;
      help: string;
      nodes: { target: string[]; html: string; failureSummary?: string }[];
    }
    const axe = (window as unknown as { axe: { run(): Promise<{ violations: AxeViolation[] }> } }).axe;
    const { violations } = await axe.run();
    return violations.map((each) => ({
      id: each.id,
      help: each.help,
      targets: each.nodes.map(
        (node) => `${node.target.join(' ')} ${node.html.slice(0, 160)} ${node.failureSummary ?? ''}`,
      ),
    }));
  });
}

/**
 * The person has closed the Rapid install prompt in this browser session (as `install-prompt-memory.ts` remembers):
 * for the web-only suites, which run without the client and test the library, not the installer banner.
 */
export async function withInstallPromptClosed(page: Page): Promise<Page> {
  await page.evaluateOnNewDocument((key: string) => {
    try {
      sessionStorage.setItem(key, '1');
    } catch {
      // about:blank has no storage; the app's pages do.
    }
  }, INSTALL_PROMPT_CLOSED_KEY);
  return page;
}

/**
 * A new page of the site in English (unless the page has chosen a language since), with the install prompt closed,
 * signed in as the administrator: the start of every admin screen's suite.
 */
export async function openAdminPage(
  site: DamWebSite,
  browser: Browser,
  viewport: { width: number; height: number } = { width: 1280, height: 1000 },
): Promise<Page> {
  const page = await withInstallPromptClosed(await browser.newPage());
  await page.setViewport(viewport);
  await page.evaluateOnNewDocument(() => {
    if (!window.localStorage.getItem('rapid-dam.language'))
      window.localStorage.setItem('rapid-dam.language', 'en');
  });
  await signIn(page, site, 'admin', ADMIN_PASSWORD);
  return page;
}

/**
 * Signs in on the login screen as a person does (in any language), by default with the demo login's password, and
 * waits for the shell (its user menu: someone without an ACL has no library to land in).
 */
export async function signIn(
  page: Page,
  site: Pick<DamWebSite, 'url' | 'logins'>,
  username: string,
  password = demoPassword(site, username),
) {
  await page.goto(new URL('#/login', site.url).href);
  await page.waitForSelector('[name="login"]', { visible: true, timeout: SCREEN_WAIT_MS });
  await page.locator('[name="login"]').fill(username);
  await page.locator('[name="password"]').fill(password);
  await page.locator('button[type="submit"]').click();
  await page.waitForSelector('button[data-user-menu]', { visible: true, timeout: SCREEN_WAIT_MS });
}

/** The password of a demo login seedDemo made. */
export function demoPassword(site: Pick<DamWebSite, 'logins'>, username: string): string {
  const login = site.logins.find((each) => each.username === username);
  if (!login) throw new Error(`no demo login ${username}`);
  return login.password;
}

/** A text as puppeteer's `::-p-text()` and `aria/` selectors take it: JSON-quoted. */
export const quoted = (text: string) => JSON.stringify(text);

/**
 * The small steps of a DAM screen suite, on the page `current()` answers (a suite may open another page after a
 * failure) unless another page is named: go to a hash of the site, wait to see a text, find a button or menu item,
 * and check a screen — saved as `<prefix>-<name>.png` once transitions (toasts, drawers, dialogs) settled, then
 * axe-checked.
 */
export function screenSteps(prefix: string, site: () => { url: string }, current: () => Page) {
  return {
    go: (hash: string, target = current()) => target.goto(new URL(hash, site().url).href),
    seeText: (text: string, target = current(), timeout = SCREEN_WAIT_MS) =>
      target.waitForSelector(`::-p-text(${quoted(text)})`, { visible: true, timeout }),
    seeHeading: (text: string, target = current()) =>
      target.waitForSelector(`aria/${text}[role="heading"]`, { visible: true, timeout: SCREEN_WAIT_MS }),
    button: (name: string, target = current()) => target.locator(`aria/${name}[role="button"]`),
    menuItem: (name: string, target = current()) => target.locator(`aria/${name}[role="menuitem"]`),
    async checkScreen(name: string, target = current()) {
      await new Promise((resolve) => setTimeout(resolve, 400));
      await saveScreenshot(target, `${prefix}-${name}`);
      const violations = await axeViolations(target);
      expect(violations, `${name}: ${JSON.stringify(violations, null, 1)}`).toEqual([]);
    },
  };
}

/** The app's language from the page's next document on, and in the one open now (about:blank has no storage). */
export async function inLanguage(page: Page, language: 'en' | 'fr') {
  await page.evaluateOnNewDocument(
    (lang) => window.localStorage.setItem('rapid-dam.language', lang),
    language,
  );
  await page
    .evaluate((lang) => window.localStorage.setItem('rapid-dam.language', lang), language)
    .catch(() => {});
}

/**
 * From Home (R-HOME: where a person of the default workspace lands), the library's root folder, opened by Home's
 * "Browse the library" link.
 */
export async function openLibraryFromHome(page: Page): Promise<void> {
  await page.waitForSelector('[data-open-library]', { visible: true, timeout: SCREEN_WAIT_MS });
  await page.locator('[data-open-library]').click();
  await page.waitForFunction(() => /^#\/folder\/\d+$/.test(window.location.hash), {
    timeout: SCREEN_WAIT_MS,
  });
}
