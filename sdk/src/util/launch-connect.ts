import { type BrowserFlags, currentBrowser } from './browser.ts';

/** The URI the installed client registers (connect-protocol.md §2, §8.3). */
export const LAUNCH_URI = 'fasp://initialize';
const LAUNCH_CHECK_MS = 500;

export type LaunchMethod = 'navigate-and-watch' | 'navigate' | 'hidden-frame';

/** connect-bridge.md §7: Chrome and Opera navigate, legacy Edge changes location, the rest use a hidden frame. */
export function launchMethod(browser: BrowserFlags): LaunchMethod {
  if (browser.CHROME || browser.OPERA) return 'navigate-and-watch';
  if (browser.EDGE_LEGACY || browser.EDGE_WITH_EXTENSION) return 'navigate';
  return 'hidden-frame';
}

/**
 * `Utils.launchConnect(callback?)`: asks the browser to open the client through its URI. On Chrome and Opera the
 * callback learns after 500 ms whether the page lost focus (the protocol handler took over); elsewhere it is
 * called with `true` once the launch was attempted.
 */
export function launchConnect(callback?: (launched: boolean) => void, uri: string = LAUNCH_URI): void {
  if (typeof document === 'undefined') return;
  const method = launchMethod(currentBrowser());
  if (method === 'hidden-frame') {
    const frame = document.createElement('iframe');
    frame.style.cssText = 'visibility:hidden;position:absolute;width:0;height:0;border:0';
    frame.src = uri;
    document.body.appendChild(frame);
    callback?.(true);
    return;
  }
  if (method === 'navigate') {
    document.location.href = uri;
    callback?.(true);
    return;
  }
  let launched = false;
  const body = document.body;
  body.focus();
  const previous = body.onblur;
  body.onblur = () => {
    launched = true;
  };
  document.location.href = uri;
  setTimeout(() => {
    body.onblur = previous;
    callback?.(launched);
  }, LAUNCH_CHECK_MS);
}
