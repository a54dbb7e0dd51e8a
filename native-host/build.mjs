import { build } from 'esbuild';

// Each program is one self-contained file: the browser spawns the host per port, so start-up must be quick.
const programs = {
  'rapid-host': 'src/host/main.ts',
  'rapid-daemon': 'src/daemon/main.ts',
  'rapid-register': 'src/install/cli.ts',
  'rapid-launch': 'src/launch/main.ts',
};

await build({
  entryPoints: Object.entries(programs).map(([out, input]) => ({ in: input, out })),
  outdir: 'dist',
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: 'linked',
  // Bundled CommonJS dependencies still call require(); give ESM output one.
  banner: {
    js: "import { createRequire as __rapidRequire } from 'node:module'; const require = __rapidRequire(import.meta.url);",
  },
  logLevel: 'warning',
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
