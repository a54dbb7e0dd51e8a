import type { MessageSender } from '@rapid/protocol';
import type { MessageSender as BrowserSender } from '../platform/browser-api.ts';

/**
 * What the host needs to know of the requesting frame, taken from the browser's own MessageSender (never from page
 * data): tab and frame for routing, URL and origin for trust decisions. Tab titles, favicons and the rest stay here.
 */
export function trimSender(sender: BrowserSender): MessageSender {
  const trimmed: MessageSender = {};
  if (sender.tab?.id !== undefined) trimmed.tab = { id: sender.tab.id };
  if (sender.frameId !== undefined) trimmed.frameId = sender.frameId;
  if (sender.url !== undefined) trimmed.url = sender.url;
  const origin = (sender as { origin?: string }).origin ?? originOf(sender.url);
  if (origin !== undefined) trimmed.origin = origin;
  return trimmed;
}

function originOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}
