import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/**
 * min+gzip budget of the script-tag bundle (Connect, ConnectInstaller, Logger, Utils); the build fails above it.
 * The Connect SDK 5.0.3 bundle it replaces is 75.8 KiB.
 */
export const SIZE_BUDGET_BYTES = 24 * 1024;

const { version } = JSON.parse(readFileSync(new URL('package.json', import.meta.url), 'utf8'));

/**
 * esbuild options of a script-tag bundle (`dist/js/<name>[.min].js`), shared by the build and the test that checks
 * the README's figures, so both measure the same bytes.
 * @param {string} name @param {boolean} minify
 */
export function scriptTagOptions(name, minify) {
  return {
    absWorkingDir: fileURLToPath(new URL('.', import.meta.url)),
    entryPoints: ['src/global.ts'],
    outfile: `dist/js/${name}${minify ? '.min' : ''}.js`,
    bundle: true,
    format: 'iife',
    target: ['chrome100', 'firefox100', 'safari15'],
    minify,
    sourcemap: 'linked',
    banner: { js: `/*! Rapid Connect SDK v${version} */` },
    logLevel: 'warning',
  };
}

/** @param {Uint8Array} bytes @returns {{ min: number, gzip: number }} bytes minified and gzipped at level 9 */
export function measure(bytes) {
  return { min: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
}

/** The published Connect SDK's minified script-tag bundle, the one a page swaps for ours. */
export function connectSdkSizes() {
  const require = createRequire(import.meta.url);
  const dir = require.resolve('@ibm-aspera/connect-sdk-js/package.json').replace(/package\.json$/, '');
  const theirs = JSON.parse(readFileSync(`${dir}package.json`, 'utf8'));
  return { version: theirs.version, ...measure(readFileSync(`${dir}dist/js/connect-sdk.min.js`)) };
}

const kib = (bytes) => (bytes / 1024).toFixed(1);

/**
 * The README's sentence on sizes, printed by the build and checked against the README by `bundle-size.test.mjs`.
 * @param {{ min: number, gzip: number }} ours
 * @param {{ version: string, min: number, gzip: number }} theirs
 */
export function sizeSentence(ours, theirs) {
  return (
    `The minified bundle is ${kib(ours.min)} KiB (${kib(ours.gzip)} KiB gzipped; the build fails above a ` +
    `${SIZE_BUDGET_BYTES / 1024} KiB budget), against ${kib(theirs.min)} KiB (${kib(theirs.gzip)} KiB gzipped) ` +
    `for Connect SDK ${theirs.version}'s`
  );
}
