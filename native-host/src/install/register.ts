import { execFile } from 'node:child_process';
import { access, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { HOST_IDENTITY } from '@rapid/protocol';
import { writeHostManifest } from './host-manifest.ts';
import { manifestFolders, registryKeys } from './manifest-paths.ts';

export interface RegisterOptions {
  home: string;
  platform: NodeJS.Platform;
  hostExecutable: string;
  /** Windows keeps manifest files under Rapid's own data and points registry keys at them. */
  windowsManifestDir: string;
}

export interface RegisterResult {
  browser: string;
  outcome: 'registered' | 'skipped' | 'removed' | 'absent';
  where: string;
}

const run = promisify(execFile);

/**
 * Registers the host for every browser whose profile folder exists; a browser that is not installed is skipped,
 * never given folders of its own (Bitwarden's practice, native-messaging.md §6).
 */
export async function registerHost(options: RegisterOptions): Promise<RegisterResult[]> {
  const results: RegisterResult[] = [];
  for (const location of manifestFolders(options.platform)) {
    const hostsDir = join(options.home, location.hostsDir);
    if (!(await exists(join(options.home, location.profileDir)))) {
      results.push({ browser: location.browser, outcome: 'skipped', where: hostsDir });
      continue;
    }
    const file = await writeHostManifest(hostsDir, location.family, options.hostExecutable);
    results.push({ browser: location.browser, outcome: 'registered', where: file });
  }
  for (const location of registryKeys(options.platform)) {
    const file = await writeHostManifest(
      join(options.windowsManifestDir, location.family),
      location.family,
      options.hostExecutable,
    );
    const key = `${location.key}\\${HOST_IDENTITY.name}`;
    await run('reg', ['add', key, '/ve', '/t', 'REG_SZ', '/d', file, '/f']);
    results.push({ browser: location.browser, outcome: 'registered', where: key });
  }
  return results;
}

/** Removes exactly what `registerHost` writes, and nothing else. */
export async function unregisterHost(options: RegisterOptions): Promise<RegisterResult[]> {
  const results: RegisterResult[] = [];
  for (const location of manifestFolders(options.platform)) {
    const file = join(options.home, location.hostsDir, `${HOST_IDENTITY.name}.json`);
    const present = await exists(file);
    await rm(file, { force: true });
    results.push({ browser: location.browser, outcome: present ? 'removed' : 'absent', where: file });
  }
  for (const location of registryKeys(options.platform)) {
    const key = `${location.key}\\${HOST_IDENTITY.name}`;
    const removed = await run('reg', ['delete', key, '/f']).then(
      () => true,
      () => false,
    );
    results.push({ browser: location.browser, outcome: removed ? 'removed' : 'absent', where: key });
  }
  if (options.platform === 'win32') await rm(options.windowsManifestDir, { recursive: true, force: true });
  return results;
}

async function exists(path: string): Promise<boolean> {
  return access(path).then(
    () => true,
    () => false,
  );
}
