import { atou, utoa } from './base64.ts';
import { type BrowserFlags, currentBrowser } from './browser.ts';
import { getFullURI } from './full-uri.ts';
import { launchConnect } from './launch-connect.ts';

/** `AW4.Utils` (connect-protocol.md §12). `BROWSER` is read when asked, so importing never needs a navigator. */
export const Utils = {
  atou,
  utoa,
  getFullURI,
  launchConnect,
  get BROWSER(): BrowserFlags {
    return currentBrowser();
  },
};
