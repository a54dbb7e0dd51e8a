import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { publint } from 'publint';
import { formatMessage } from 'publint/utils';

/** What the tarball may hold: the builds, the notes a page developer reads, and what npm always adds. */
const ALLOWED = [
  /^dist\/esm\//,
  /^dist\/js\//,
  /^package\.json$/,
  /^README\.md$/,
  /^COMPATIBILITY\.md$/,
  /^LICENSE$/,
];

/**
 * Packs the package in `dir` as `npm publish` would and checks the tarball: it holds nothing but `ALLOWED`; publint
 * (strict: warnings fail) finds nothing in its package.json against its files; "Are the types wrong?" resolves the
 * types of every entry under node16 (ESM) and bundler resolution (`esm-only`: the package is ESM only, so a CommonJS
 * `require` is not a way in). Returns the problems, empty when the package is ready to publish.
 * @param {string} dir
 * @returns {Promise<{ problems: string[], files: string[] }>}
 */
export async function checkPackage(dir) {
  const out = mkdtempSync(join(tmpdir(), 'rapid-pack-'));
  try {
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    const packed = JSON.parse(
      execFileSync(npm, ['pack', '--json', '--ignore-scripts', '--pack-destination', out], {
        cwd: dir,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      }),
    );
    const { filename, files } = packed[0];
    const tarball = join(out, filename);
    /** @type {string[]} */
    const names = files.map((/** @type {{ path: string }} */ file) => file.path);
    const problems = names
      .filter((name) => !ALLOWED.some((pattern) => pattern.test(name)))
      .map((name) => `the tarball holds ${name}`);
    const bytes = readFileSync(tarball);
    // The package's files as they are in the tarball (publint finds its root there).
    const lint = await publint({
      pack: { tarball: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) },
      strict: true,
      level: 'warning',
    });
    for (const message of lint.messages)
      problems.push(`publint: ${formatMessage(message, lint.pkg, { color: false }) ?? message.code}`);
    // The CLI's bin, found through its package.json (the only path its exports allow).
    const attwPackage = createRequire(import.meta.url).resolve('@arethetypeswrong/cli/package.json');
    const attw = join(attwPackage, '..', JSON.parse(readFileSync(attwPackage, 'utf8')).bin.attw);
    try {
      execFileSync(
        process.execPath,
        [attw, tarball, '--profile', 'esm-only', '--format', 'ascii', '--no-color'],
        {
          encoding: 'utf8',
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
    } catch (error) {
      const { stdout = '', stderr = '' } = /** @type {{ stdout?: string, stderr?: string }} */ (error);
      problems.push(`are the types wrong:\n${stdout}${stderr}`);
    }
    return { problems, files: names };
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}
