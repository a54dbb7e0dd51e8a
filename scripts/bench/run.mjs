// Runs a benchmark by hand: `node scripts/bench/run.mjs <name> [args]` bundles scripts/bench/<name>.ts with esbuild
// and executes it. Benchmarks print figures and ratios against a baseline measured in the same run; never run in CI.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = dirname(fileURLToPath(import.meta.url));
const [name, ...args] = process.argv.slice(2);
if (!name || !existsSync(join(here, `${name}.ts`))) {
  if (name) console.error(`no benchmark named ${name}\n`);
  console.error(
    'usage: node scripts/bench/run.mjs <name> [args]; each installs what it needs. Benchmarks:\n',
  );
  for (const file of readdirSync(here)
    .filter((f) => f.endsWith('.ts'))
    .sort())
    console.error(`${file.slice(0, -3).padEnd(20)} ${describe(readFileSync(join(here, file), 'utf8'))}\n`);
  process.exit(name ? 2 : 0);
}
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
  // CommonJS packages in the bundle (puppeteer's `debug`, for one) call require(); an ES module has none of its own.
  banner: {
    js: "import { createRequire as rapidBenchRequire } from 'node:module'; const require = rapidBenchRequire(import.meta.url);",
  },
});
const result = spawnSync(process.execPath, [outfile, ...args], { stdio: 'inherit' });
process.exit(result.status ?? 1);

/**
 * A benchmark's description: the first block of `//` comment lines in its file, folded onto indented lines.
 * @param {string} source
 */
function describe(source) {
  const lines = source.split('\n');
  const first = lines.findIndex((line) => line.startsWith('//'));
  if (first < 0) return '';
  const end = lines.findIndex((line, i) => i > first && !line.startsWith('//'));
  return lines
    .slice(first, end < 0 ? undefined : end)
    .map((line) => line.replace(/^\/\/ ?/, ''))
    .join(`\n${' '.repeat(21)}`);
}
