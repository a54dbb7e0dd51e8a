/**
 * `Utils.BROWSER` flags, from user-agent sniffing with the version rules of connect-bridge.md §9.
 *
 * @example const flags: BrowserFlags = Utils.BROWSER;
 */
export interface BrowserFlags {
  /** Android (unsupported: no local client). */
  ANDROID: boolean;
  /** Opera. */
  OPERA: boolean;
  /** Internet Explorer. */
  IE: boolean;
  /** iOS and iPadOS (unsupported: no local client). */
  IOS: boolean;
  /** Chrome and every Chromium browser, Chromium Edge included (connect-protocol.md §4.2). */
  CHROME: boolean;
  /** Firefox 50 or newer. */
  FIREFOX: boolean;
  /** Firefox older than 50. */
  FIREFOX_LEGACY: boolean;
  /** Chromium Edge (also `CHROME`). */
  EDGE_CHROMIUM: boolean;
  /** Legacy (EdgeHTML) Edge 14 or newer: it has an extension. */
  EDGE_WITH_EXTENSION: boolean;
  /** Legacy (EdgeHTML) Edge older than 14. */
  EDGE_LEGACY: boolean;
  /** Safari (not Chromium, Edge, Opera or Firefox). */
  SAFARI: boolean;
  /** Safari 10 or newer: no NPAPI plug-in any more. */
  SAFARI_NO_NPAPI: boolean;
}

function majorVersion(userAgent: string, pattern: RegExp): number {
  return Number(pattern.exec(userAgent)?.[1] ?? 0);
}

export function detectBrowser(userAgent: string): BrowserFlags {
  const edgeLegacy = /\bEdge\/\d+/.test(userAgent);
  const opera = /\bOPR\/|\bOpera\b/.test(userAgent);
  const chromium = /Chrome\/|CriOS\//.test(userAgent) && !edgeLegacy && !opera;
  const firefox = /\bFirefox\/\d+/.test(userAgent);
  const safari = /\bSafari\//.test(userAgent) && !chromium && !edgeLegacy && !opera && !firefox;
  const firefoxVersion = majorVersion(userAgent, /\bFirefox\/(\d+)/);
  const edgeVersion = majorVersion(userAgent, /\bEdge\/(\d+)/);
  const safariVersion = majorVersion(userAgent, /\bVersion\/(\d+)/);
  return {
    ANDROID: /Android/i.test(userAgent),
    OPERA: opera,
    IE: /\bMSIE |\bTrident\//.test(userAgent),
    IOS: /\b(iPad|iPhone|iPod)\b/.test(userAgent),
    CHROME: chromium,
    FIREFOX: firefox && firefoxVersion >= 50,
    FIREFOX_LEGACY: firefox && firefoxVersion < 50,
    EDGE_CHROMIUM: /\bEdg\//.test(userAgent),
    EDGE_WITH_EXTENSION: edgeLegacy && edgeVersion >= 14,
    EDGE_LEGACY: edgeLegacy && edgeVersion < 14,
    SAFARI: safari,
    SAFARI_NO_NPAPI: safari && safariVersion >= 10,
  };
}

/** The flags of this browser; all false where there is no navigator (server-side rendering). */
export function currentBrowser(): BrowserFlags {
  return detectBrowser(typeof navigator === 'undefined' ? '' : navigator.userAgent);
}

/** Browsers whose Connect extension speaks native messaging through the DOM-event protocol. */
export function hasNativeMessagingExtension(browser: BrowserFlags): boolean {
  return browser.CHROME || browser.EDGE_WITH_EXTENSION || browser.FIREFOX || browser.OPERA;
}
