import type { Frame, Page } from 'puppeteer-core';

export interface RawReply {
  request_id: number;
  status: number;
  body?: string;
  body64?: string;
  complete?: boolean;
}

/**
 * Speaks the page side of the Connect DOM protocol by hand (connect-protocol.md §5), the way any page or SDK could:
 * dispatches `AsperaConnectRequest` events and records every `AsperaConnectResponse` this frame receives.
 */
export async function installRawRecorder(target: Page | Frame): Promise<void> {
  await target.evaluate(() => {
    const w = window as unknown as { rapidReplies: unknown[]; rapidDisconnects: string[] };
    w.rapidReplies = [];
    w.rapidDisconnects = [];
    window.addEventListener('message', (event) => {
      if (event.data?.type === 'AsperaConnectResponse') w.rapidReplies.push(event.data.detail);
    });
    document.addEventListener('AsperaConnectDisconnect', (event) =>
      w.rapidDisconnects.push(String((event as CustomEvent).detail)),
    );
  });
}

export async function sendRaw(target: Page | Frame, detail: Record<string, unknown>): Promise<void> {
  await target.evaluate((request) => {
    document.dispatchEvent(new CustomEvent('AsperaConnectRequest', { detail: request }));
  }, detail);
}

export function versionRequest(requestId: number): Record<string, unknown> {
  return {
    request_id: requestId,
    min_version: '',
    method: 'GET',
    uri_reference: '/connect/info/version',
    body: '',
  };
}

export async function repliesIn(target: Page | Frame): Promise<RawReply[]> {
  return target.evaluate(() => (window as unknown as { rapidReplies: RawReply[] }).rapidReplies);
}

export async function disconnectsIn(target: Page | Frame): Promise<string[]> {
  return target.evaluate(() => (window as unknown as { rapidDisconnects: string[] }).rapidDisconnects);
}

/**
 * Waits until the content script has marked the frame as bridged (native-messaging.md §8.6). A page opened while a
 * just-launched Chromium is still registering the extension's content scripts gets none (seen on a loaded CI
 * machine): such a page is loaded once more, as a person would, before waiting the full time.
 */
export async function waitForBridge(target: Page | Frame): Promise<void> {
  const bridged = () => document.documentElement.hasAttribute('data-rapid-bridge');
  if ('reload' in target) {
    const early = await target.waitForFunction(bridged, { timeout: 10_000 }).then(
      () => true,
      () => false,
    );
    if (early) return;
    await target.reload();
  }
  await target.waitForFunction(bridged);
}
