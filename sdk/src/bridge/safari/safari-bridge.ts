import type { BridgeKind } from '../bridge.ts';
import { ExtensionBridge } from '../extension/extension-bridge.ts';

export const DETECTOR_ID = 'aspera-connect-detector';
const ENABLE_ATTRIBUTE = 'extension-enable';
const SAFARI_ENDLESS_PROBE_MS = 500;
const CONFIRM_MS = 1000;
export const SAFARI_MITIGATE_MESSAGE = 'show_safari_mitigate';

/**
 * Safari's app extension (connect-protocol.md §6): the same request events, replies as document events (no body64),
 * and a DOM detector element the extension marks `extension-enable="true"`. A marked detector with no answer to a
 * fresh check within 1 s means the extension is there but not enabled for this site: the page is asked to show
 * the Safari mitigation.
 */
export class SafariBridge extends ExtensionBridge {
  override readonly kind: BridgeKind = 'safari';
  #answered = false;
  #confirming = false;

  constructor(minVersion: string) {
    super(minVersion);
    document.addEventListener(
      'AsperaConnectCheckResponse',
      () => {
        this.#answered = true;
      },
      { signal: this.stopped.signal },
    );
  }

  protected override probeIntervalMs(endless: boolean): number {
    return endless ? SAFARI_ENDLESS_PROBE_MS : super.probeIntervalMs(false);
  }

  protected override probe(): void {
    const detector = ensureDetector();
    super.probe();
    if (detector?.getAttribute(ENABLE_ATTRIBUTE) !== 'true' || this.#confirming || this.#answered) return;
    this.#confirming = true;
    setTimeout(() => {
      if (!this.#answered && !this.stopped.signal.aborted) window.postMessage(SAFARI_MITIGATE_MESSAGE, '*');
    }, CONFIRM_MS);
  }
}

function ensureDetector(): Element | null {
  if (!document.body) return null;
  let detector = document.getElementById(DETECTOR_ID);
  if (!detector) {
    detector = document.createElement('div');
    detector.id = DETECTOR_ID;
    detector.setAttribute(ENABLE_ATTRIBUTE, 'false');
    detector.hidden = true;
    document.body.appendChild(detector);
  }
  return detector;
}
