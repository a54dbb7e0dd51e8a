import { resolve } from 'node:path';
import { build } from 'esbuild';

/**
 * Bundles Node programs, each into one self-contained `dist/<name>.mjs` (quick to start: the browser spawns the
 * native host per port), for the Node version in `engines`.
 * @param {Record<string, string>} programs output name → entry file
 * @param {string[]} [external] packages loaded from node_modules at run time (ones that find their own files
 *   next to their code, such as PGlite's WebAssembly)
 * @param {{ outdir?: string, substitute?: Record<string, string> }} [options] where to write (default `dist`), and
 *   source files to build with another in their place (paths relative to the working directory)
 */
export async function buildNodePrograms(programs, external = [], options = {}) {
  await build({
    external,
    plugins: options.substitute ? [substitute(options.substitute)] : [],
    entryPoints: Object.entries(programs).map(([out, input]) => ({ in: input, out })),
    outdir: options.outdir ?? 'dist',
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
}

/** @param {Record<string, string>} files @returns {import('esbuild').Plugin} */
function substitute(files) {
  const swaps = new Map(Object.entries(files).map(([from, to]) => [resolve(from), resolve(to)]));
  return {
    name: 'substitute',
    setup(build) {
      build.onResolve({ filter: /^\./ }, (args) => {
        const swap = swaps.get(resolve(args.resolveDir, args.path));
        return swap ? { path: swap } : undefined;
      });
    },
  };
}
