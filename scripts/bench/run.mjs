// Runs a benchmark by hand: `node scripts/bench/run.mjs <name> [args]` bundles scripts/bench/<name>.ts with esbuild
// and executes it. Benchmarks print figures and ratios against a baseline measured in the same run; never run in CI.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const [name, ...args] = process.argv.slice(2);
if (!name) {
  console.error(
    'usage: node scripts/bench/run.mjs <loopback|rate-policy|policy-share|small-files|resume|content-protection|down-profile> [args]',
  );
  process.exit(2);
}
const here = dirname(fileURLToPath(import.meta.url));
const outfile = join(here, '.build', `${name}.mjs`);
await build({
  entryPoints: [join(here, `${name}.ts`)],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  logLevel: 'warning',
  external: ['esbuild'],
});
const result = spawnSync(process.execPath, [outfile, ...args], { stdio: 'inherit' });
process.exit(result.status ?? 1);
