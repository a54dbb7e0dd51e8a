import { access, readFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface NssStore {
  browser: 'Chromium' | 'Firefox';
  dir: string;
}

/**
 * Where Firefox keeps profiles.ini, under the home: the classic folder, Debian's ESR, the snap and the Flatpak.
 * Newer Firefox releases keep it under the XDG config folder instead (see `findNssStores`).
 */
const FIREFOX_ROOTS = [
  ['.mozilla', 'firefox'],
  ['.mozilla', 'firefox-esr'],
  ['snap', 'firefox', 'common', '.mozilla', 'firefox'],
  ['.var', 'app', 'org.mozilla.firefox', '.mozilla', 'firefox'],
];

/**
 * The NSS certificate stores of the user's Linux browsers: the shared `~/.pki/nssdb` that Chrome, Chromium and
 * other Chromium browsers read, and one store per existing Firefox profile (listed in each profiles.ini).
 */
export async function findNssStores(home: string, configHome = join(home, '.config')): Promise<NssStore[]> {
  const stores: NssStore[] = [{ browser: 'Chromium', dir: join(home, '.pki', 'nssdb') }];
  const roots = [
    join(configHome, 'mozilla', 'firefox'),
    ...FIREFOX_ROOTS.map((parts) => join(home, ...parts)),
  ];
  for (const root of roots) {
    const ini = await readFile(join(root, 'profiles.ini'), 'utf8').catch(() => '');
    for (const profile of profilePaths(ini)) {
      const dir = profile.relative ? join(root, profile.path) : profile.path;
      if (stores.some((each) => each.dir === dir)) continue;
      if (await exists(dir)) stores.push({ browser: 'Firefox', dir });
    }
  }
  return stores;
}

/** The `Path=` of every `[Profile…]` section; `IsRelative=0` means an absolute path. */
export function profilePaths(ini: string): { path: string; relative: boolean }[] {
  const profiles: { path: string; relative: boolean }[] = [];
  let current: { path?: string; relative: boolean } | undefined;
  const close = () => {
    if (current?.path) profiles.push({ path: current.path, relative: current.relative });
  };
  for (const raw of ini.split(/\r?\n/)) {
    const line = raw.trim();
    if (line.startsWith('[')) {
      close();
      current = /^\[Profile\d+\]$/i.test(line) ? { relative: true } : undefined;
      continue;
    }
    const [key, ...rest] = line.split('=');
    const value = rest.join('=').trim();
    if (!current || !key) continue;
    if (key.trim() === 'Path' && value) current.path = value;
    if (key.trim() === 'IsRelative') current.relative = value !== '0';
  }
  close();
  return profiles;
}

async function exists(path: string): Promise<boolean> {
  return access(path).then(
    () => true,
    () => false,
  );
}
