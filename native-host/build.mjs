import { build } from 'esbuild';
import { buildNodePrograms } from '../scripts/lib/build-node-programs.mjs';
import { buildRelease, PROGRAMS, placeAddon } from './release-build.mjs';

// Two builds of the same programs. dist/ is the test build the end-to-end harness, the benchmarks and `npm start`
// run: it can select the test doubles (RAPID_ENGINE=test-double, RAPID_UI=scripted). dist/release/ is what the
// client archives ship (scripts/package/): the doubles' module is swapped for an empty one, so they are not in it
// and their settings are refused. Both carry the transfer engine's datagram addon beside their bundles when
// `transfer/native/build.mjs` built it (docs/perf/round-3.md).
await buildNodePrograms(PROGRAMS);
placeAddon('dist');
await buildRelease('dist/release');

// The windows' web UI: one browser bundle the daemon serves under /ui.
await build({
  entryPoints: ['windows-ui/src/main.tsx'],
  outfile: 'dist/windows-ui/app.js',
  bundle: true,
  platform: 'browser',
  target: 'es2022',
  format: 'esm',
  minify: true,
  jsx: 'automatic',
  define: { 'process.env.NODE_ENV': '"production"' },
  logLevel: 'warning',
});
