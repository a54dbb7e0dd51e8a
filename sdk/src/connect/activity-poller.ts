import type { AllTransfersInfo } from '../core/types.ts';

export interface PollerOptions {
  fetch: (iterationToken: number) => Promise<AllTransfersInfo>;
  onActivity: (info: AllTransfersInfo) => void;
  pollingTime: number;
  maxOutstanding: number;
}

/**
 * Transfer events: polls activity every `pollingTime` with the last iteration token, so the first event lists
 * every transfer and later ones only what changed. Every answer is an event, an unchanged token included, as the
 * Connect SDK dispatches them. A poll is skipped while `maxOutstanding` are in flight.
 */
export class ActivityPoller {
  #timer: ReturnType<typeof setInterval> | undefined;
  #outstanding = 0;
  #token = 0;
  #pushed = false;

  constructor(private readonly options: PollerOptions) {}

  get running(): boolean {
    return this.#timer !== undefined;
  }

  start(): void {
    if (this.#timer !== undefined) return;
    this.#timer = setInterval(() => this.#poll(), this.options.pollingTime);
    this.#poll();
  }

  stop(): void {
    clearInterval(this.#timer);
    this.#timer = undefined;
  }

  /** While activity is pushed to us, polling pauses; it resumes as the fallback when the push goes away. */
  setPushed(pushed: boolean): void {
    this.#pushed = pushed;
  }

  /** Pushed activity takes the same path as a poll's answer. */
  deliver(info: AllTransfersInfo): void {
    this.#accept(info);
  }

  #accept(info: AllTransfersInfo) {
    this.#token = info.iteration_token;
    if (this.#timer !== undefined) this.options.onActivity(info);
  }

  #poll() {
    if (this.#pushed || this.#outstanding >= this.options.maxOutstanding) return;
    this.#outstanding += 1;
    this.options.fetch(this.#token).then(
      (info) => {
        this.#outstanding -= 1;
        this.#accept(info);
      },
      () => {
        this.#outstanding -= 1;
      },
    );
  }
}
