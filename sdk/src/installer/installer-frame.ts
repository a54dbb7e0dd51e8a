import type { DialogKind } from './constants.ts';
import type { InstallerStyle } from './installer-options.ts';

export const FRAME_PATHS: Record<InstallerStyle, string> = {
  carbon: '/install/carbon-installer/index.html',
  blue: '/install/auto-topbar/index.html',
};

export const FRAME_Z_INDEX: Record<InstallerStyle, string> = { carbon: '20', blue: '999999999' };

const BAR_HEIGHT = '80px';
const BAR_MAX_WIDTH = '600px';

/**
 * The one installer iframe: full width at the top, 80px high, at most 600px wide (connect-bridge.md §2, §9). Its URL
 * names the first dialog (`index.html#download`): the page renders that banner while it loads, before the message
 * the frame gets after its load event (connect-protocol.md §14.2), which stays the source of truth.
 */
export function createInstallerFrame(options: {
  dialog: DialogKind;
  id: string;
  className: string;
  style: InstallerStyle;
  sdkLocation: string;
  title: string;
}): HTMLIFrameElement {
  const frame = document.createElement('iframe');
  frame.id = options.id;
  frame.className = options.className;
  frame.title = options.title;
  frame.setAttribute('frameborder', '0');
  // Set through the CSSOM, which a page's strict style-src allows, never as a style attribute.
  Object.assign(frame.style, {
    position: options.style === 'carbon' ? 'fixed' : 'absolute',
    top: '0',
    left: '0',
    right: '0',
    zIndex: FRAME_Z_INDEX[options.style],
    border: 'none',
    outline: 'none',
    overflow: 'hidden',
  });
  setBarHeight(frame, BAR_HEIGHT);
  frame.src = `${options.sdkLocation}${FRAME_PATHS[options.style]}#${options.dialog}`;
  return frame;
}

/** `<N>px` from the frame: the bar at that height (connect-protocol.md §14.3). */
export function setBarHeight(frame: HTMLIFrameElement, height: string): void {
  Object.assign(frame.style, {
    height,
    width: '100%',
    maxWidth: BAR_MAX_WIDTH,
    margin: '0 auto',
    backgroundColor: 'transparent',
  });
}

/** `100%` from the frame: the whole page, dimmed behind the frame's panel. */
export function setFullSize(frame: HTMLIFrameElement): void {
  Object.assign(frame.style, {
    height: '100%',
    width: '100%',
    maxWidth: '100%',
    margin: '0',
    backgroundColor: 'rgba(223, 227, 230, 0.75)',
  });
}

export function setFrameVisible(frame: HTMLIFrameElement, visible: boolean): void {
  frame.style.display = visible ? '' : 'none';
  frame.style.visibility = visible ? '' : 'hidden';
}

/** `"<digits>px"`, the resize message; anything else ending in px is not a height. */
export function parseHeight(message: string): string | undefined {
  return /^\d{1,5}px$/.test(message) ? message : undefined;
}
