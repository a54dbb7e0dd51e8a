import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const DAM_APP = fileURLToPath(new URL('../..', import.meta.url));

export type DamEntry = 'server' | 'demo-server';

/**
 * The DAM's two entries bundled once per run, as `npm run build` bundles them, for the suites that start the server
 * as its own process (and kill it) many times: a bundle starts in a fraction of what `node --import tsx main.ts`
 * takes to compile the server's hundreds of files again in every process. The files sit one folder below dam-app,
 * like dist/, so the server finds web/dist and the SDK where the built one does.
 */
export async function bundleServerEntries(): Promise<{
  entries: Record<DamEntry, string>;
  remove(): Promise<void>;
}> {
  const outdir = join(DAM_APP, '.test-build');
  const tag = `${process.pid}-${randomBytes(4).toString('hex')}`;
  const names: Record<DamEntry, string> = { server: `server-${tag}`, 'demo-server': `demo-server-${tag}` };
  // As scripts/lib/build-node-programs.mjs builds them, with the externals of dam-app/build.mjs.
  await build({
    entryPoints: [
      { in: join(DAM_APP, 'server/main.ts'), out: names.server },
      { in: join(DAM_APP, 'server/demo/demo-main.ts'), out: names['demo-server'] },
    ],
    external: ['@electric-sql/pglite', 'pg-native', 'sharp', 'ssh2'],
    outdir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    banner: {
      js: "import { createRequire as __rapidRequire } from 'node:module'; const require = __rapidRequire(import.meta.url);",
    },
    logLevel: 'warning',
  });
  const file = (entry: DamEntry) => join(outdir, `${names[entry]}.mjs`);
  return {
    entries: { server: file('server'), 'demo-server': file('demo-server') },
    remove: async () => {
      await Promise.all(Object.values(names).map((name) => rm(join(outdir, `${name}.mjs`), { force: true })));
    },
  };
}
