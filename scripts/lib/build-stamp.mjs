// Whether the build in the tree is the build of the sources in the tree. `npm run build` writes a stamp when it
// succeeds; `npm start` builds only when the sources changed since (or an output is gone). Rebuilding regardless
// emptied every dist/ folder for the length of a build, under anything reading them at the time (a test suite).
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { REPO_ROOT } from './repo.mjs';

/** What the build reads: the workspaces, the packaging step and the root's package and config files. */
const BUILD_INPUTS = [
  'protocol',
  'sdk',
  'extension',
  'native-host',
  'transfer',
  'installer-frame',
  'dam-app',
  'manifests',
  'scripts/package',
  'scripts/lib',
  'package.json',
  'package-lock.json',
  'tsconfig.base.json',
];

/** Build outputs and caches; any folder whose name starts with a dot (reports, caches) is skipped too. */
const SKIPPED = new Set(['node_modules', 'dist', 'dist-firefox', 'release', 'coverage']);
const SKIPPED_PATHS = new Set(['transfer/native/build']);

/** One output of each build step that `npm start` and the tests use: a missing one means the build is not there. */
const BUILD_OUTPUTS = [
  'sdk/dist/docs',
  'transfer/dist/rapid-node.mjs',
  'extension/dist/manifest.json',
  'native-host/dist/rapid-register.mjs',
  'native-host/dist/rapid-daemon.mjs',
  'installer-frame/dist',
  'dam-app/dist/demo-server.mjs',
  'dam-app/web/dist/index.html',
];

/**
 * A fingerprint of every build input's path, size and modification time.
 * @param {string} [root]
 * @returns {string}
 */
export function sourceFingerprint(root = REPO_ROOT) {
  const hash = createHash('sha256');
  /** @param {string} path */
  const visit = (path) => {
    if (!existsSync(path)) return;
    const stat = statSync(path);
    if (stat.isDirectory()) {
      for (const name of readdirSync(path).sort()) {
        const child = join(path, name);
        if (name.startsWith('.') || SKIPPED.has(name) || SKIPPED_PATHS.has(relative(root, child))) continue;
        visit(child);
      }
    } else hash.update(`${relative(root, path)}\0${stat.size}\0${stat.mtimeMs}\n`);
  };
  for (const input of BUILD_INPUTS) visit(join(root, input));
  return hash.digest('hex');
}

/** @param {string} root */
const stampPath = (root) => join(root, 'node_modules', '.cache', 'rapid-build-stamp.json');

/**
 * Records that the tree's build matches its sources as they are now.
 * @param {string} [root]
 */
export function writeBuildStamp(root = REPO_ROOT) {
  const path = stampPath(root);
  mkdirSync(dirname(path), { recursive: true });
  const nodeEnv = process.env.NODE_ENV ?? 'production';
  writeFileSync(path, `${JSON.stringify({ fingerprint: sourceFingerprint(root), nodeEnv })}\n`);
}

/**
 * Why a build is needed, or undefined when the last successful build is of these very sources.
 * @param {string} [root]
 * @returns {string | undefined}
 */
export function whyBuild(root = REPO_ROOT) {
  const missing = BUILD_OUTPUTS.find((output) => !existsSync(join(root, output)));
  if (missing) return `${missing} is missing`;
  /** @type {{ fingerprint?: unknown, nodeEnv?: unknown }} */
  let stamp;
  try {
    stamp = JSON.parse(readFileSync(stampPath(root), 'utf8'));
  } catch {
    return 'no build is recorded';
  }
  if (stamp.nodeEnv !== 'production') return `the last build was a ${stamp.nodeEnv} build`;
  return stamp.fingerprint === sourceFingerprint(root) ? undefined : 'sources changed since the last build';
}

if (process.argv[1] === fileURLToPath(import.meta.url) && process.argv[2] === 'write') writeBuildStamp();
