import { atou, utoa } from './base64.ts';
import { type BrowserFlags, currentBrowser } from './browser.ts';
import { getFullURI } from './full-uri.ts';
import { launchConnect } from './launch-connect.ts';

/**
 * `AW4.Utils` (connect-protocol.md §12). `BROWSER` is read when asked, so importing never needs a navigator.
 *
 * @example if (Utils.BROWSER.SAFARI) showSafariHint();
 */
export const Utils = {
  /**
   * Decodes base64 of UTF-8 bytes to a string (the inverse of `utoa`).
   * @example Utils.atou('ZW5jb2RlLW1l'); // 'encode-me'
   */
  atou,
  /**
   * Encodes a string's UTF-8 bytes as base64.
   * @example Utils.utoa('encode-me'); // 'ZW5jb2RlLW1l'
   */
  utoa,
  /**
   * An absolute URL for a page-relative or protocol-relative location, without a trailing `/`; `undefined` for
   * anything that is not a string.
   * @example Utils.getFullURI('/sdk/'); // 'https://your-site.example/sdk'
   */
  getFullURI,
  /**
   * Asks the browser to open the installed client through its `fasp://initialize` URI; the callback learns
   * whether the launch seemed to work (on Chrome and Opera: whether the page lost focus within 500 ms).
   * @example Utils.launchConnect((launched) => launched || installer.showDownload());
   */
  launchConnect,
  /**
   * Which browser this is, from the user agent; all false where there is no navigator (server-side rendering).
   * @example Utils.BROWSER.CHROME; // true in Chrome, Edge, Brave…
   */
  get BROWSER(): BrowserFlags {
    return currentBrowser();
  },
};
