import { loadScriptTag, type ScriptLoader } from './install-manifest.ts';

/**
 * What the installer touches outside the DOM; tests hand in their own to watch navigation without leaving. Pages
 * leave it out: the browser's is the default.
 *
 * @example new ConnectInstaller({}, { ...browserEnvironment(), navigate: (url) => console.log(url) });
 */
export interface InstallerEnvironment {
  /** The window the banner's frame is added to. */
  window: Window;
  /**
   * The clock, in ms.
   * @example now: () => Date.now()
   */
  now(): number;
  /**
   * Reloads the page (the banner's "refresh").
   * @example reload: () => location.reload()
   */
  reload(): void;
  /**
   * Leaves for `url` (installer downloads).
   * @example navigate: (url) => location.assign(url)
   */
  navigate(url: string): void;
  /**
   * Opens `url` in a new tab (extension stores, troubleshooting).
   * @example openWindow: (url) => void open(url, '_blank', 'noopener')
   */
  openWindow(url: string): void;
  /** Loads a script by URL (the install manifest). */
  loadScript: ScriptLoader;
  /** `navigator.platform`: picks the manifest entry. */
  navigatorPlatform: string;
  /** `navigator.userAgent`: picks the extension store. */
  userAgent: string;
  /** The visitor's languages: the frame's title. */
  languages: readonly string[];
}

/**
 * The browser's environment, the installer's default.
 *
 * @example const env = browserEnvironment();
 */
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
