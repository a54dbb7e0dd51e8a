import { build } from 'esbuild';
import { buildNodePrograms } from '../scripts/lib/build-node-programs.mjs';

const programs = {
  'rapid-host': 'src/host/main.ts',
  'rapid-daemon': 'src/daemon/main.ts',
  'rapid-register': 'src/install/cli.ts',
  'rapid-launch': 'src/launch/main.ts',
};

await buildNodePrograms(programs);

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
