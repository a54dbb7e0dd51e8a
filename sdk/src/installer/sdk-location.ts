// Read while the script-tag bundle runs: only then does `document.currentScript` name the SDK's own file.
const loadedFrom =
  typeof document === 'undefined' ? undefined : (document.currentScript as HTMLScriptElement | null)?.src;

/**
 * Rapid serves the frame, the install manifest and the packages beside the SDK, so the default SDK location is the
 * folder the SDK script came from (`…/sdk/js/connect-sdk.js` → `…/sdk`); an ESM import falls back to `/sdk` on the
 * page's own origin, where the demo server puts it.
 */
export function defaultSdkLocation(scriptUrl = loadedFrom, origin = globalThis.location?.origin): string {
  if (scriptUrl) {
    const folder = new URL('.', scriptUrl).href.replace(/\/$/, '');
    return folder.replace(/\/js$/, '');
  }
  return `${origin ?? ''}/sdk`;
}
