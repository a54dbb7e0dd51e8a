import { copyFileSync, existsSync } from 'node:fs';
import { build } from 'esbuild';
import { buildNodePrograms } from '../scripts/lib/build-node-programs.mjs';

const programs = {
  'rapid-host': 'src/host/main.ts',
  'rapid-daemon': 'src/daemon/main.ts',
  'rapid-register': 'src/install/cli.ts',
  'rapid-launch': 'src/launch/main.ts',
};

// Two builds of the same programs. dist/ is the test build the end-to-end harness, the benchmarks and `npm start`
// run: it can select the test doubles (RAPID_ENGINE=test-double, RAPID_UI=scripted). dist/release/ is what the
// client archives ship (scripts/package/): the doubles' module is swapped for an empty one, so they are not in it
// and their settings are refused.
await buildNodePrograms(programs);
// The test build's engine (the daemon `npm start` runs) finds the transfer engine's datagram addon beside its bundle
// when `transfer/native/build.mjs` built it; the release build does not ship it and runs the JavaScript path
// (docs/perf/round-3.md).
const addon = '../transfer/native/build/rapid-dgram.node';
if (existsSync(addon)) copyFileSync(addon, 'dist/rapid-dgram.node');
await buildNodePrograms(programs, [], {
  outdir: 'dist/release',
  substitute: { 'src/build/test-doubles.ts': 'src/build/no-test-doubles.ts' },
});

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
