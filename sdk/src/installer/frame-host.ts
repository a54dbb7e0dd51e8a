import type { DialogKind } from './constants.ts';
import { parseHeight, setBarHeight, setFrameVisible, setFullSize } from './installer-frame.ts';

/**
 * The installer iframe's life: created on the first dialog, shown and hidden, sized by the frame's own messages,
 * and told its settings and current dialog once it has loaded, then every later change (connect-protocol.md §14).
 */
export class FrameHost {
  readonly #create: (dialog: DialogKind) => HTMLIFrameElement;
  readonly #onLoad: () => void;
  readonly #settings = new Map<string, string>();
  #frame: HTMLIFrameElement | undefined;
  #loaded = false;
  #dialog: DialogKind | undefined;

  /** @param create makes the iframe for the first dialog (which its URL names, so the banner paints with it) */
  constructor(create: (dialog: DialogKind) => HTMLIFrameElement, onLoad: () => void) {
    this.#create = create;
    this.#onLoad = onLoad;
  }

  /** True for messages the installer's own frame sent. */
  isFrom(source: MessageEventSource | null): boolean {
    return this.#frame !== undefined && source !== null && source === this.#frame.contentWindow;
  }

  show(dialog: DialogKind): void {
    this.#dialog = dialog;
    const frame = this.#ensure(dialog);
    setFrameVisible(frame, true);
    if (this.#loaded) this.#post(dialog);
  }

  hide(): void {
    this.#dialog = undefined;
    if (this.#frame) setFrameVisible(this.#frame, false);
  }

  /** `name=value` settings; the latest value of each is sent, now or on load. */
  setting(name: string, value: string): void {
    this.#settings.set(name, value);
    if (this.#loaded) this.#post(`${name}=${value}`);
  }

  /** `<N>px` and `100%` from the frame; false for anything else. */
  resize(message: string): boolean {
    if (!this.#frame) return false;
    if (message === '100%') {
      setFullSize(this.#frame);
      return true;
    }
    const height = parseHeight(message);
    if (height) setBarHeight(this.#frame, height);
    return height !== undefined;
  }

  #ensure(dialog: DialogKind): HTMLIFrameElement {
    if (this.#frame) return this.#frame;
    const frame = this.#create(dialog);
    frame.addEventListener('load', () => {
      this.#loaded = true;
      for (const [name, value] of this.#settings) this.#post(`${name}=${value}`);
      if (this.#dialog) this.#post(this.#dialog);
      this.#onLoad();
    });
    this.#frame = frame;
    return frame;
  }

  #post(message: string) {
    this.#frame?.contentWindow?.postMessage(message, '*');
  }
}
