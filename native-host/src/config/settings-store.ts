import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { type ClientSettings, clientSettings, describeIssues } from '@rapid/protocol';

export interface SettingsStore {
  get(): ClientSettings;
  /** Validates, applies and writes the whole file; throws on an invalid result. */
  update(change: (current: ClientSettings) => ClientSettings): ClientSettings;
}

export function defaultSettings(home = homedir()): ClientSettings {
  return { download_folder: join(home, 'Downloads'), concurrent_transfers: 3, trusted_sites: {} };
}

/**
 * `settings.json` in RAPID_HOME. Read once at start, written atomically on every change. A file that does not
 * parse is not silently replaced: the daemon refuses to start, so a typo never resets the user's trust choices.
 */
export function openSettingsStore(file: string, defaults: ClientSettings = defaultSettings()): SettingsStore {
  let current = load(file, defaults);
  return {
    get: () => current,
    update(change) {
      const next = clientSettings.safeParse(change(structuredClone(current)));
      if (!next.success) throw new Error(`Invalid settings: ${describeIssues(next.error)}`);
      mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
      writeFileSync(`${file}.tmp`, `${JSON.stringify(next.data, null, 2)}\n`, { mode: 0o600 });
      renameSync(`${file}.tmp`, file);
      current = next.data;
      return current;
    },
  };
}

function load(file: string, defaults: ClientSettings): ClientSettings {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return defaults;
    throw error;
  }
  const parsed = clientSettings.safeParse({ ...defaults, ...JSON.parse(text) });
  if (!parsed.success) throw new Error(`${file}: ${describeIssues(parsed.error)}`);
  return parsed.data;
}
