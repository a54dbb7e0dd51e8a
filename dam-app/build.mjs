import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { buildNodePrograms } from '../scripts/lib/build-node-programs.mjs';

// PGlite loads its WebAssembly and data files from beside its own module; pg-native is an optional driver; sharp
// loads its native libvips binding from its platform package; ssh2 tries its optional native crypto binding at load.
// The DAM (server.mjs) and the demo, its own entry that adds the demo data (demo-server.mjs, run by `npm start`).
await buildNodePrograms({ server: 'server/main.ts', 'demo-server': 'server/demo/demo-main.ts' }, [
  '@electric-sql/pglite',
  'pg-native',
  'sharp',
  'ssh2',
]);

// The web app (React), served by the DAM server at `/` from web/dist.
await build({
  configFile: fileURLToPath(new URL('./web/vite.config.ts', import.meta.url)),
  logLevel: 'warn',
});
