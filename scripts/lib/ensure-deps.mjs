import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from './repo.mjs';
import { NPM, npmArgs, run } from './run.mjs';

const MARKER = join(REPO_ROOT, 'node_modules', '.rapid-installed-lock');

/**
 * Installs the workspace's npm packages when they are missing or the lock file changed since the last install.
 * `npm ci` installs exactly the lock file, so a fresh machine gets what CI tested.
 * @returns {Promise<void>}
 */
export async function ensureDependencies() {
  const lock = readFileSync(join(REPO_ROOT, 'package-lock.json'));
  const digest = createHash('sha256').update(lock).digest('hex');
  if (existsSync(MARKER) && readFileSync(MARKER, 'utf8') === digest) return;
  console.log('Installing npm dependencies (npm ci)…');
  const code = await run(NPM, npmArgs(['ci', '--no-audit', '--no-fund']), { cwd: REPO_ROOT });
  if (code !== 0) throw new Error(`npm ci failed with exit code ${code}`);
  writeFileSync(MARKER, digest);
}
