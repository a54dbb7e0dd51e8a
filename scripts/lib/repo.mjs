import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The repository root, whatever the caller's working directory: the nearest folder above this module whose
 * package.json declares the workspaces. Found by looking, not by counting folders, because benchmarks run this
 * module bundled from scripts/bench/.build/, one level deeper than its source.
 * @param {string} start
 */
export function findRepoRoot(start) {
  for (let dir = start; ; dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest) && 'workspaces' in JSON.parse(readFileSync(manifest, 'utf8'))) return `${dir}/`;
    if (dirname(dir) === dir) throw new Error(`no repository root above ${start}`);
  }
}

export const REPO_ROOT = findRepoRoot(dirname(fileURLToPath(import.meta.url)));
