import type { InstallerEnvironment } from './installer-environment.ts';

/** A named test double of the browser around the installer: records navigation instead of leaving the page. */
export function testDoubleEnvironment(manifest?: unknown): InstallerEnvironment & {
  reloads: number;
  navigations: string[];
  opened: string[];
  scripts: string[];
} {
  const env = {
    window,
    now: () => Date.now(),
    reloads: 0,
    navigations: [] as string[],
    opened: [] as string[],
    scripts: [] as string[],
    reload: () => {
      env.reloads++;
    },
    navigate: (url: string) => void env.navigations.push(url),
    openWindow: (url: string) => void env.opened.push(url),
    loadScript: async (url: string) => {
      env.scripts.push(url);
      if (manifest === undefined) throw new Error('404');
      (globalThis as { connectVersions?: unknown }).connectVersions = manifest;
    },
    navigatorPlatform: 'Linux x86_64',
    languages: ['en-US'] as readonly string[],
    userAgent:
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36',
  };
  return env;
}
