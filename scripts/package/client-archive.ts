import { execFile } from 'node:child_process';
import { chmod, cp, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import { zipSync } from 'fflate';
import { type ClientOs, readmeText } from './readme-text.ts';
import { installSh, uninstallSh } from './unix-scripts.ts';
import { INSTALL_PS1, UNINSTALL_PS1 } from './windows-scripts.ts';

const PROGRAMS = ['rapid-host.mjs', 'rapid-daemon.mjs', 'rapid-register.mjs'];
/**
 * The transfer engine's datagram addon (sendmmsg/recvmmsg, AES-GCM contexts kept), beside the programs when the release
 * build made it. A Linux shared object for the build machine's architecture: only the Linux archive carries it, and the
 * engine runs its JavaScript path wherever it is missing or does not load.
 */
const DATAGRAM_ADDON = 'rapid-dgram.node';
/** Fixed timestamps, so the same build gives the same bytes. */
const EPOCH = new Date('2026-01-01T00:00:00Z');

export interface ClientArchive {
  os: ClientOs;
  file: string;
  type: string;
}

/** One archive per OS: the host, the daemon and the registration CLI, with install and uninstall scripts. */
export async function writeClientArchive(options: {
  os: ClientOs;
  version: string;
  programsDir: string;
  outDir: string;
}): Promise<ClientArchive> {
  const { os, version, programsDir, outDir } = options;
  const name = `rapid-client-${version}-${os}`;
  const stage = await mkdtemp(join(tmpdir(), 'rapid-package-'));
  const root = join(stage, name);
  try {
    await mkdir(join(root, 'lib'), { recursive: true });
    for (const program of PROGRAMS) await cp(join(programsDir, program), join(root, 'lib', program));
    if (os === 'linux' && process.platform === 'linux' && (await exists(join(programsDir, DATAGRAM_ADDON))))
      await cp(join(programsDir, DATAGRAM_ADDON), join(root, 'lib', DATAGRAM_ADDON));
    await writeFile(join(root, 'README.txt'), readmeText(os, version));
    if (os === 'windows') {
      await writeFile(join(root, 'install.ps1'), INSTALL_PS1.replaceAll('\n', '\r\n'));
      await writeFile(join(root, 'uninstall.ps1'), UNINSTALL_PS1.replaceAll('\n', '\r\n'));
      const file = join(outDir, `${name}.zip`);
      await writeFile(file, zipSync(await collect(stage), { level: 9, mtime: EPOCH }));
      return { os, file, type: 'application/zip' };
    }
    await writeExecutable(join(root, 'install.sh'), installSh(os));
    await writeExecutable(join(root, 'uninstall.sh'), uninstallSh(os));
    const file = join(outDir, `${name}.tar.gz`);
    await promisify(execFile)('tar', [
      '--sort=name',
      `--mtime=${EPOCH.toISOString()}`,
      '--owner=0',
      '--group=0',
      '--numeric-owner',
      '-czf',
      file,
      '-C',
      stage,
      name,
    ]);
    return { os, file, type: 'application/gzip' };
  } finally {
    await rm(stage, { recursive: true, force: true });
  }
}

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
}

async function writeExecutable(file: string, text: string) {
  await writeFile(file, text);
  await chmod(file, 0o755);
}

async function collect(dir: string): Promise<Record<string, Uint8Array>> {
  const files: Record<string, Uint8Array> = {};
  for (const entry of (await readdir(dir, { recursive: true })).sort()) {
    const path = join(dir, entry);
    if ((await stat(path)).isFile()) files[relative(dir, path).replaceAll('\\', '/')] = await readFile(path);
  }
  return files;
}
