import { build } from 'esbuild';

const { version } = JSON.parse(await import('node:fs').then((fs) => fs.readFileSync('package.json', 'utf8')));

// The script-tag bundles a page loads in place of the Connect SDK's: connect-sdk.js and its minified twin.
for (const minify of [false, true]) {
  await build({
    entryPoints: ['src/global.ts'],
    outfile: minify ? 'dist/js/connect-sdk.min.js' : 'dist/js/connect-sdk.js',
    bundle: true,
    format: 'iife',
    target: ['chrome100', 'firefox100', 'safari15'],
    minify,
    sourcemap: 'linked',
    banner: { js: `/*! Rapid Connect SDK v${version} */` },
    logLevel: 'warning',
  });
}
