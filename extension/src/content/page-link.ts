import {
  connectRequest,
  describeIssues,
  EVENT_NAMES,
  invalidRequest,
  type ResponseDetail,
} from '@rapid/protocol';
import { type OpenPort, WorkerConnection } from '../worker-link/worker-connection.ts';

export interface PageLinkOptions {
  extensionVersion: string;
  /** Opens a runtime port to the service worker; called lazily, and again after the worker restarted. */
  openWorker: OpenPort;
}

/** Text the page's SDK sees when the extension's worker restarted under a request: transient, so it re-detects. */
export const WORKER_LOST = 'The Rapid extension restarted; retrying.';

/**
 * The page side of the content script (connect-protocol.md §5): answers the check, validates and forwards requests,
 * delivers replies to the page's own origin only, and turns a lost connection into a disconnect event.
 * Returns the function that stops listening.
 */
export function linkPage({ extensionVersion, openWorker }: PageLinkOptions): () => void {
  const listening = new AbortController();
  const pageOrigin = window.origin;
  const inFlight = new Set<number>();

  const toPage = (detail: ResponseDetail) =>
    window.postMessage({ type: EVENT_NAMES.response, detail }, pageOrigin);
  const disconnectPage = (detail: string) =>
    document.dispatchEvent(new CustomEvent(EVENT_NAMES.disconnect, { detail }));

  const worker = new WorkerConnection(openWorker, {
    onMessage(message) {
      if (message.kind === 'disconnect') {
        inFlight.clear();
        disconnectPage(message.detail);
        return;
      }
      const detail = message.detail;
      if (!('complete' in detail) || detail.complete) inFlight.delete(detail.request_id);
      toPage(detail);
    },
    onLost() {
      if (inFlight.size === 0) return;
      inFlight.clear();
      disconnectPage(WORKER_LOST);
    },
  });

  document.addEventListener(
    EVENT_NAMES.check,
    () => {
      window.postMessage(
        { type: EVENT_NAMES.checkResponse, detail: { extension_version: extensionVersion } },
        '*',
      );
    },
    listening,
  );

  document.addEventListener(
    EVENT_NAMES.request,
    (event) => {
      const raw = (event as CustomEvent).detail;
      const parsed = connectRequest.safeParse(raw);
      if (!parsed.success) {
        const requestId = (raw as { request_id?: unknown } | null)?.request_id;
        if (Number.isInteger(requestId)) {
          const body = JSON.stringify(invalidRequest(describeIssues(parsed.error)));
          toPage({ request_id: requestId as number, status: 400, body });
        }
        return;
      }
      inFlight.add(parsed.data.request_id);
      worker.post({ kind: 'request', request: parsed.data });
    },
    listening,
  );
  return () => {
    listening.abort();
    worker.close();
  };
}
