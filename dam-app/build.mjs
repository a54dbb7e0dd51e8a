import { build } from 'esbuild';

await build({
  entryPoints: [{ in: 'src/server/main.ts', out: 'server' }],
  outdir: 'dist',
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: 'linked',
  logLevel: 'warning',
});
