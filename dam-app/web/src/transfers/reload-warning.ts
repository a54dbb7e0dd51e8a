import { TRANSFER_MESSAGES } from '../../../api/transfer-messages.ts';

/**
 * R-RELOAD-WARNING reload warning: while any upload is monitored, leaving or reloading the page asks first. Browsers show
 * their own wording; the spec's text is the event's return value for the browsers that still show it.
 */
export class ReloadWarning {
  readonly #active = new Set<string>();
  #attached = false;

  constructor(private readonly target: Pick<Window, 'addEventListener' | 'removeEventListener'> = window) {}

  readonly #handler = (event: BeforeUnloadEvent) => {
    event.preventDefault();
    event.returnValue = TRANSFER_MESSAGES.reloadWarning;
    return TRANSFER_MESSAGES.reloadWarning;
  };

  add(id: string) {
    this.#active.add(id);
    if (!this.#attached) {
      this.target.addEventListener('beforeunload', this.#handler);
      this.#attached = true;
    }
  }

  remove(id: string) {
    this.#active.delete(id);
    if (this.#active.size === 0 && this.#attached) {
      this.target.removeEventListener('beforeunload', this.#handler);
      this.#attached = false;
    }
  }

  get active(): boolean {
    return this.#attached;
  }
}
