import { loadScriptTag, type ScriptLoader } from './install-manifest.ts';

/** What the installer touches outside the DOM; tests hand in their own to watch navigation without leaving. */
export interface InstallerEnvironment {
  window: Window;
  now(): number;
  reload(): void;
  navigate(url: string): void;
  openWindow(url: string): void;
  loadScript: ScriptLoader;
  navigatorPlatform: string;
  userAgent: string;
  languages: readonly string[];
}

export function browserEnvironment(): InstallerEnvironment {
  return {
    window,
    now: () => Date.now(),
    // In a framed page this reloads the frame the page lives in, which is the containing frame the spec means.
    reload: () => window.location.reload(),
    navigate: (url) => window.location.assign(url),
    openWindow: (url) => void window.open(url, '_blank', 'noopener'),
    loadScript: loadScriptTag,
    navigatorPlatform: navigator.platform,
    userAgent: navigator.userAgent,
    languages: navigator.languages?.length ? navigator.languages : [navigator.language],
  };
}
