import { chmod, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface LauncherOptions {
  /** Folder to write the launcher into. */
  binDir: string;
  /** The bundled host script (`rapid-host.mjs`). */
  hostScript: string;
  /** Absolute node binary: browsers start hosts with a minimal PATH, so never rely on `node` being found. */
  nodePath: string;
  /** Extra environment, e.g. `RAPID_HOME` for a test run's own daemon. */
  env?: Record<string, string>;
  platform?: NodeJS.Platform;
}

/**
 * A manifest's `path` must be one absolute executable (native-messaging.md §4): a shell script on Linux and macOS,
 * a .bat on Windows.
 */
export async function writeHostLauncher(options: LauncherOptions): Promise<string> {
  const { binDir, hostScript, nodePath, env = {}, platform = process.platform } = options;
  await mkdir(binDir, { recursive: true });
  if (platform === 'win32') {
    const file = join(binDir, 'rapid-host.bat');
    const sets = Object.entries(env).map(([key, value]) => `set "${key}=${value}"\r\n`);
    await writeFile(file, `@echo off\r\n${sets.join('')}"${nodePath}" "${hostScript}" %*\r\n`);
    return file;
  }
  const file = join(binDir, 'rapid-host');
  const exports = Object.entries(env).map(([key, value]) => `export ${key}=${shellQuote(value)}\n`);
  await writeFile(
    file,
    `#!/bin/sh\n${exports.join('')}exec ${shellQuote(nodePath)} ${shellQuote(hostScript)} "$@"\n`,
  );
  await chmod(file, 0o755);
  return file;
}

function shellQuote(value: string): string {
  return `'${value.replaceAll("'", `'\\''`)}'`;
}
