import { execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { access, mkdir, mkdtemp, readdir, rm, unlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRelease } from '../../native-host/release-build.mjs';
import { ADDON_FILE, buildAddon } from '../../transfer/native/build.mjs';
import { writeClientArchive } from './client-archive.ts';

const run = promisify(execFile);
let dir = '';
const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  );

beforeAll(async () => {
  // Built here when it is not (gcc is a system package `npm test` installs): the test must not pass without it.
  const why = existsSync(ADDON_FILE) ? undefined : buildAddon();
  if (why) throw new Error(`the datagram addon does not build: ${why}`);
  dir = await mkdtemp(join(tmpdir(), 'rapid-release-addon-'));
  await buildRelease(join(dir, 'programs'));
  await mkdir(join(dir, 'bin'));
}, 120_000);
afterAll(() => rm(dir, { recursive: true, force: true }));

async function unpacked(os: 'linux' | 'macos'): Promise<string> {
  const archive = await writeClientArchive({
    os,
    version: '9.9.9',
    programsDir: join(dir, 'programs'),
    outDir: join(dir, 'bin'),
  });
  const into = join(dir, `unpacked-${os}`);
  await mkdir(into);
  await run('tar', ['-xzf', archive.file, '-C', into]);
  return join(into, `rapid-client-9.9.9-${os}`);
}

/** Starts an installed daemon and returns the fields of its "daemon listening" line, then stops it. */
function listening(daemon: string, home: string): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    const child = spawn(daemon, [], {
      env: {
        PATH: process.env.PATH ?? '',
        HOME: home,
        RAPID_HOME: join(home, 'rapid'),
        RAPID_HTTP_PORTS: '0+1',
        RAPID_LEGACY_PORTS: '0+1',
        RAPID_DRIVE_PORTS: '0+1',
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let text = '';
    let found: Record<string, unknown> | undefined;
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the daemon did not listen: ${text}`));
    }, 30_000);
    child.stderr.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      const line = text.split('\n').find((each) => each.includes('"daemon listening"'));
      if (!line) return;
      clearTimeout(timer);
      found = JSON.parse(line);
      child.kill('SIGTERM');
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      if (found) resolve(found);
      else reject(new Error(`the daemon ended (${code}) before it listened: ${text}`));
    });
  });
}

describe.skipIf(process.platform !== 'linux')('the release archive and the datagram addon', () => {
  it('the Linux archive ships the addon, and its installed daemon runs the addon path; without it, JavaScript', async () => {
    const root = await unpacked('linux');
    expect(await exists(join(root, 'lib', 'rapid-dgram.node'))).toBe(true);
    const home = join(dir, 'home');
    const prefix = join(dir, 'installed');
    await mkdir(home);
    await run('sh', [join(root, 'install.sh')], {
      env: { PATH: process.env.PATH ?? '', HOME: home, RAPID_PREFIX: prefix },
    });
    expect(await exists(join(prefix, 'lib', 'rapid-dgram.node'))).toBe(true);
    const daemon = join(prefix, 'bin', 'rapid-daemon');
    expect(await listening(daemon, home)).toMatchObject({ datagram_io: 'addon' });
    await unlink(join(prefix, 'lib', 'rapid-dgram.node'));
    expect(await listening(daemon, home)).toMatchObject({ datagram_io: 'javascript' });
  }, 90_000);

  it('the macOS archive carries no Linux addon', async () => {
    const root = await unpacked('macos');
    expect(await readdir(join(root, 'lib'))).not.toContain('rapid-dgram.node');
  });
});
