import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';

/** Test support: bundles a TypeScript entry into a runnable .mjs so a test can run it as a child process. */
export async function buildEntry(entry: string): Promise<string> {
  const outfile = join(mkdtempSync(join(tmpdir(), 'rapid-entry-')), 'entry.mjs');
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'silent',
  });
  return outfile;
}
