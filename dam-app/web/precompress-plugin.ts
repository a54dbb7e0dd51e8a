import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** The files worth compressing: text. Images and fonts are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|map|wasm)$/;
/** Below this a compressed copy saves less than a packet. */
const MIN_BYTES = 1024;

/**
 * Writes a `.br` (brotli, best) and a `.gz` (gzip, best) beside every text file of the build, for the DAM server's
 * static handler to send by the browser's Accept-Encoding: compressed once at build time at the highest levels, not
 * per request. A copy that is not smaller than its file is not written.
 */
export async function precompressDirectory(dir: string): Promise<{ files: number }> {
  let files = 0;
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
    const path = join(entry.parentPath, entry.name);
    if ((await stat(path)).size < MIN_BYTES) continue;
    const body = await readFile(path);
    const [br, gz] = await Promise.all([
      brotli(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      }),
      gzipped(body, { level: constants.Z_BEST_COMPRESSION }),
    ]);
    if (br.length < body.length) await writeFile(`${path}.br`, br);
    if (gz.length < body.length) await writeFile(`${path}.gz`, gz);
    files++;
  }
  return { files };
}

/** The build step: once Vite has written the app (public files included), precompress all of it. */
export const precompress = (): Plugin => {
  let outDir = '';
  return {
    name: 'dam-precompress',
    apply: 'build',
    configResolved: (config) => {
      outDir = join(config.root, config.build.outDir);
    },
    closeBundle: async () => {
      await precompressDirectory(outDir);
    },
  };
};
