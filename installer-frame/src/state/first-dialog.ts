import { DIALOG_STATES, type DialogState } from '../messages/parent-message.ts';

/**
 * The dialog the installer opened the frame for, from the URL's fragment (`index.html#download`), so the banner is
 * in the page's first paint instead of waiting for the parent's message after load. Anything else: none, and the
 * frame waits for the parent as before (connect-protocol.md §14.2).
 */
export function firstDialog(hash: string): DialogState | undefined {
  const name = hash.replace(/^#/, '');
  return DIALOG_STATES.find((each) => each === name);
}
