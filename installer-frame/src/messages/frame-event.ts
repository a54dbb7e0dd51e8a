/** Frame → parent events `ConnectInstaller` acts on (connect-protocol.md §14.3). */
export type FrameEvent =
  | 'downloadconnect'
  | 'download_extension'
  | 'refresh'
  | 'removeiframe'
  | 'troubleshoot'
  | 'continue'
  | 'retry'
  | 'extension_install'
  | '100%'
  | `${number}px`;

/** Activity strings for the page's `addActivityListener('connect_bar_event', …)` (connect-protocol.md §14.3). */
export type ActivityEvent =
  | 'connect_bar_visible'
  | 'connect_bar_removed'
  | 'clicked_install_extension'
  | 'clicked_download_app'
  | 'clicked_troubleshoot'
  | 'clicked_how_link'
  | 'mitigate_with_tab';

/** The parent may be any origin that embeds the SDK, so the target is '*'; the strings carry nothing private. */
export function sendToParent(event: FrameEvent | ActivityEvent): void {
  window.parent.postMessage(event, '*');
}
