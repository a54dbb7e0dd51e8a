import { build } from 'esbuild';

/**
 * Bundles Node programs, each into one self-contained `dist/<name>.mjs` (quick to start: the browser spawns the
 * native host per port), for the Node version in `engines`.
 * @param {Record<string, string>} programs output name → entry file
 * @param {string[]} [external] packages loaded from node_modules at run time (ones that find their own files
 *   next to their code, such as PGlite's WebAssembly)
 */
export async function buildNodePrograms(programs, external = []) {
  await build({
    external,
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
}
