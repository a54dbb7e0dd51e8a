import { homedir } from 'node:os';
import { join } from 'node:path';

export interface RapidPaths {
  /** Per-user state: settings, transfer records, logs, the daemon's socket. */
  home: string;
  /** Where the host reaches the daemon: a Unix socket, or a named pipe on Windows. */
  daemonSocket: string;
  daemonPidFile: string;
  logDir: string;
}

interface Environment {
  env: NodeJS.ProcessEnv;
  platform: NodeJS.Platform;
  home: string;
}

/** `RAPID_HOME` wins (tests give each run its own); otherwise the platform's per-user data folder. */
export function resolveRapidPaths({ env, platform, home }: Environment = current()): RapidPaths {
  const base = env.RAPID_HOME ?? defaultHome(env, platform, home);
  return {
    home: base,
    daemonSocket:
      platform === 'win32' ? `\\\\.\\pipe\\rapid-daemon-${pipeSuffix(base)}` : join(base, 'daemon.sock'),
    daemonPidFile: join(base, 'daemon.pid'),
    logDir: join(base, 'logs'),
  };
}

function defaultHome(env: NodeJS.ProcessEnv, platform: NodeJS.Platform, home: string): string {
  if (platform === 'win32') return join(env.LOCALAPPDATA ?? join(home, 'AppData', 'Local'), 'Rapid');
  if (platform === 'darwin') return join(home, 'Library', 'Application Support', 'Rapid');
  return join(env.XDG_DATA_HOME ?? join(home, '.local', 'share'), 'rapid');
}

// Pipe names are global on Windows: derive one from the home folder so two users (or test runs) never collide.
function pipeSuffix(base: string): string {
  let hash = 0;
  for (const char of base) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return hash.toString(16);
}

function current(): Environment {
  return { env: process.env, platform: process.platform, home: homedir() };
}
