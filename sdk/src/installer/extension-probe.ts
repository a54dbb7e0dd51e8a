import { EVENT_NAMES } from '@rapid/protocol';

const PROBE_EVERY_MS = 200;

/**
 * Asks for the extension the way the SDK does (connect-protocol.md §5.6): `AsperaConnectCheck` now and every
 * 200 ms until an `AsperaConnectCheckResponse` arrives (true) or the timeout passes (false).
 */
export function probeExtension(timeoutMs: number, target: Window = window): Promise<boolean> {
  return new Promise((resolve) => {
    const ask = () => target.document.dispatchEvent(new CustomEvent(EVENT_NAMES.check, {}));
    const finish = (found: boolean) => {
      clearInterval(every);
      clearTimeout(deadline);
      target.removeEventListener('message', onMessage);
      resolve(found);
    };
    const onMessage = (event: MessageEvent) => {
      if (event.source === target && event.data?.type === EVENT_NAMES.checkResponse) finish(true);
    };
    target.addEventListener('message', onMessage);
    // The deadline first: at the same instant it wins, so no probe goes out after the timeout.
    const deadline = setTimeout(() => finish(false), timeoutMs);
    const every = setInterval(ask, PROBE_EVERY_MS);
    ask();
  });
}
