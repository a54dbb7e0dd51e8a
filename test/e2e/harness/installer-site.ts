import { access, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startDamServer } from '@rapid/dam-app/server';
import type { Frame, Page } from 'puppeteer-core';
import { ARTIFACTS } from './artifacts.ts';

const root = (path: string) => fileURLToPath(new URL(`../../../${path}`, import.meta.url));

/** The installer's built parts: the frame (`npm run build` in installer-frame) and the release (`npm run package`). */
export const INSTALLER_ARTIFACTS = {
  installerDir: root('installer-frame/dist/install'),
  releaseDir: root('release'),
};

export interface InstallerSite {
  url: string;
  close(): Promise<void>;
}

/**
 * The DAM demo server, with its strict Content-Security-Policy (no 'unsafe-inline'), serving test pages from a
 * temporary folder and the SDK location as in production: SDK, installer frame, install manifest, packages.
 */
export async function startInstallerSite(files: Record<string, string>): Promise<InstallerSite> {
  for (const path of Object.values(INSTALLER_ARTIFACTS))
    await access(path).catch(() => {
      throw new Error(`${path} is missing: run \`npm run build\` before the end-to-end tests.`);
    });
  const publicDir = await mkdtemp(join(tmpdir(), 'rapid-installer-site-'));
  for (const [name, text] of Object.entries(files)) await writeFile(join(publicDir, name), text);
  const server = await startDamServer({
    port: 0,
    publicDir,
    sdkDir: ARTIFACTS.sdkDir,
    ...INSTALLER_ARTIFACTS,
  });
  return {
    url: server.url,
    async close() {
      await server.close();
      await rm(publicDir, { recursive: true, force: true });
    },
  };
}

/**
 * Runs in every document of the page before its own scripts: records Content-Security-Policy violations and the
 * string messages each window receives, so tests can tell which dialogs the frame was sent.
 */
export async function watchDocuments(page: Page): Promise<void> {
  await page.evaluateOnNewDocument(() => {
    const w = window as unknown as { cspViolations: string[]; received: string[] };
    w.cspViolations = [];
    w.received = [];
    document.addEventListener('securitypolicyviolation', (event) =>
      w.cspViolations.push(`${event.violatedDirective} ${event.blockedURI}`),
    );
    window.addEventListener('message', (event) => {
      if (typeof event.data === 'string') w.received.push(event.data);
    });
  });
}

/** The installer iframe's document, once it has loaded. */
export async function installerFrame(page: Page, id = 'aspera-iframe-container'): Promise<Frame> {
  const handle = await page.waitForSelector(`iframe#${id}`);
  const frame = await handle?.contentFrame();
  if (!frame) throw new Error('the installer iframe has no document');
  await frame.waitForSelector('h1');
  return frame;
}

/** Runs axe-core inside a frame (through DevTools, which the frame's CSP does not govern) and returns violations. */
export async function axeViolations(frame: Frame): Promise<{ id: string; help: string; nodes: number }[]> {
  const source = await readFile(root('node_modules/axe-core/axe.min.js'), 'utf8');
  await frame.evaluate(source);
  return frame.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(): Promise<{ violations: AxeViolation[] }> } }).axe;
    interface AxeViolation {
      id: string;
      help: string;
      nodes: unknown[];
    }
    const { violations } = await axe.run();
    return violations.map((each) => ({ id: each.id, help: each.help, nodes: each.nodes.length }));
  });
}
