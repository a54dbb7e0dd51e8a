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

export function sendToParent(event: FrameEvent): void {
  window.parent.postMessage(event, '*');
}
