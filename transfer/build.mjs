import { build } from 'esbuild';

// The transfer node as one self-contained program: `node transfer/dist/rapid-node.mjs` (README, "Running a transfer node").
await build({
  entryPoints: [{ in: 'src/node/main.ts', out: 'rapid-node' }],
  outdir: 'dist',
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: 'linked',
  logLevel: 'warning',
});
