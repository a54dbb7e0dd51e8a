import { frameToWorker, hostReply, NATIVE_HOST_NAME, type WorkerToFrame } from '@rapid/protocol';
import { browser, disconnectReason, type Port } from '../platform/browser-api.ts';
import { toPageDetail } from './to-page-detail.ts';
import { trimSender } from './trim-sender.ts';

/**
 * One frame's relay: the frame's port to one native port of its own, so a host crash or an oversize reply only
 * ever affects the frame that caused it, and routing back needs no table (the real extension does the same).
 */
export function relayFrame(framePort: Port): void {
  const sender = framePort.sender;
  if (!sender) {
    framePort.disconnect();
    return;
  }
  const frameId = crypto.randomUUID();
  const stampedSender = trimSender(sender);
  let native: Port | undefined;
  const toFrame = (message: WorkerToFrame) => framePort.postMessage(message);

  const openNative = (): Port => {
    const port = browser.runtime.connectNative(NATIVE_HOST_NAME);
    port.onMessage.addListener((message: unknown) => {
      const reply = hostReply.safeParse(message);
      // Replies for another frame, or without routing, are host bugs; never deliver them to this page.
      if (!reply.success || reply.data.frame_id !== frameId) return;
      toFrame({ kind: 'response', detail: toPageDetail(reply.data) });
    });
    port.onDisconnect.addListener(() => {
      if (native === port) native = undefined;
      toFrame({ kind: 'disconnect', detail: disconnectReason(port) });
    });
    return port;
  };

  framePort.onMessage.addListener((message: unknown) => {
    const parsed = frameToWorker.safeParse(message);
    if (!parsed.success) return;
    native ??= openNative();
    native.postMessage({
      ...parsed.data.request,
      type: 'AsperaConnectRequest',
      frame_id: frameId,
      sender: stampedSender,
    });
  });
  framePort.onDisconnect.addListener(() => {
    native?.disconnect();
    native = undefined;
  });
  // Nothing reaches this worker through the port before this: the frame sends only after it.
  toFrame({ kind: 'ready' });
}
