import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import createCache from '@emotion/cache';
import { build } from 'esbuild';
import { renderToString } from 'react-dom/server';
import { FrameRoot } from './src/components/frame-root.tsx';
import { LANGUAGES } from './src/i18n/pick-language.ts';
import { translator } from './src/i18n/translate.ts';
import { DIALOG_STATES } from './src/messages/parent-message.ts';
import { INITIAL_STATE } from './src/state/frame-state.ts';
import type { FrameStore } from './src/state/frame-store.ts';
import { type InstallerStyle, LOOKS } from './src/theme/looks.ts';

/** The banner pages and the style each one is (`<html data-style>`). */
export const BANNER_PAGES: Record<InstallerStyle, string> = {
  carbon: 'carbon-installer',
  blue: 'auto-topbar',
};

export interface FirstPaint {
  /** Every rule the renderings use, Chakra's global CSS first: the page's first-paint.css. */
  css: string;
  /** `<dialog>.<language>` → the rendered banner, what #root holds in the browser before React has loaded. */
  banners: Record<string, string>;
}

/**
 * Renders every dialog in every language as the browser's first render will (the tree of main.tsx with the dialog
 * as the store's first state and no settings yet), through an emotion cache in compat mode: the rules go to the
 * cache, not into <style> elements, which the frame's strict CSP would block.
 */
export function renderFirstPaint(style: InstallerStyle): FirstPaint {
  const cache = createCache({ key: 'rapid' });
  cache.compat = true;
  const banners: Record<string, string> = {};
  for (const dialog of DIALOG_STATES) {
    const first = { ...INITIAL_STATE, dialog };
    const store: FrameStore = { first, getState: () => first, dispatch() {}, subscribe: () => () => {} };
    for (const language of LANGUAGES) {
      banners[`${dialog}.${language}`] = renderToString(
        <FrameRoot cache={cache} store={store} t={translator(language)} look={LOOKS[style]} />,
      );
    }
  }
  const css = Object.values(cache.inserted)
    .filter((rules) => typeof rules === 'string')
    .join('');
  return { css, banners };
}

/**
 * Each banner page's first-paint CSS and script, named by their content like Vite's own assets (so a server may
 * cache everything in assets/ for good), and the page loading both before its bundle.
 */
export async function writeFirstPaint(installDir: string): Promise<void> {
  const script = fileURLToPath(new URL('./src/first-paint.ts', import.meta.url));
  for (const [style, page] of Object.entries(BANNER_PAGES) as [InstallerStyle, string][]) {
    const { css, banners } = renderFirstPaint(style);
    const built = await build({
      entryPoints: [script],
      bundle: true,
      write: false,
      format: 'iife',
      target: ['chrome100', 'firefox100', 'safari15'],
      minify: true,
      define: { FIRST_PAINT: JSON.stringify(banners) },
      logLevel: 'warning',
    });
    const names = {
      css: await writeAsset(installDir, `first-paint-${style}`, 'css', css),
      js: await writeAsset(installDir, `first-paint-${style}`, 'js', built.outputFiles[0]?.text ?? ''),
    };
    const html = join(installDir, page, 'index.html');
    await writeFile(html, withFirstPaint(await readFile(html, 'utf8'), names));
  }
}

async function writeAsset(
  installDir: string,
  stem: string,
  extension: string,
  text: string,
): Promise<string> {
  const name = `${stem}-${createHash('sha256').update(text).digest('base64url').slice(0, 8)}.${extension}`;
  await writeFile(join(installDir, 'assets', name), text);
  return name;
}

/**
 * The page with its first-paint stylesheet in <head> (render-blocking) and the first-paint script after #root, which
 * runs the bundle (`data-bundle`, Vite's module scripts in their order) once the banner has painted. The bundle is
 * not preloaded: fetching and compiling it alongside took the main thread from the first paint (bench:installer).
 */
export function withFirstPaint(html: string, names: { css: string; js: string }): string {
  const root = '<div id="root"></div>';
  const modules = [...html.matchAll(/\s*<script type="module"[^>]*\ssrc="([^"]+)"[^>]*><\/script>/g)];
  if (!html.includes(root) || !html.includes('</head>') || modules.length === 0)
    throw new Error('a banner page without #root, <head> or its bundle');
  let page = html;
  for (const [tag] of modules) page = page.replace(tag, '');
  const bundle = modules.map(([, src]) => src).join(' ');
  return page
    .replace('</head>', `  <link rel="stylesheet" href="../assets/${names.css}">\n  </head>`)
    .replace(
      root,
      `${root}\n    <script async src="../assets/${names.js}" data-bundle="${bundle}"></script>`,
    );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await writeFirstPaint(fileURLToPath(new URL('./dist/install', import.meta.url)));
  process.stdout.write('installer-frame: banner pages paint their first dialog from assets/first-paint-*\n');
}
