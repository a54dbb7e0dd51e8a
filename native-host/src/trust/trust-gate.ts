import { timingSafeEqual } from 'node:crypto';
import type { SettingsStore } from '../config/settings-store.ts';
import { ConnectFailure, forbidden } from '../daemon/connect-failure.ts';
import { type ConsentAnswer, type DesktopUi, NoDialogTool } from '../desktop/desktop-ui.ts';

/**
 * Consent per origin: the first transfer, dialog or file read from an origin asks the user; an explicit Allow or Deny
 * is remembered in the settings (`trusted_sites`, listed and revocable in Preferences and the extension popup). As
 * browsers do with permission prompts, a question dismissed, timed out or that could not be shown is "not now": the
 * call is refused and the next one asks again. Concurrent first calls share one question.
 */
export class TrustGate {
  readonly #asking = new Map<string, Promise<ConsentAnswer>>();

  constructor(
    readonly settings: SettingsStore,
    readonly ui: DesktopUi,
  ) {}

  async require(origin: string | undefined): Promise<string> {
    if (!origin || origin === 'null') throw forbidden('Rapid only answers web pages with a known origin.');
    const known = this.settings.get().trusted_sites[origin];
    if (known?.allowed) return origin;
    if (known && !known.allowed) throw refused(origin);
    let asking = this.#asking.get(origin);
    if (!asking) {
      asking = this.#ask(origin).finally(() => this.#asking.delete(origin));
      this.#asking.set(origin, asking);
    }
    const answer = await asking;
    if (answer === 'allow') return origin;
    throw answer === 'deny' ? refused(origin) : notNow(origin);
  }

  /** Whether the user allowed `origin`, without asking. */
  isAllowed(origin: string | undefined): boolean {
    return !!origin && origin !== 'null' && this.settings.get().trusted_sites[origin]?.allowed === true;
  }

  /** A site with a configured key must send it as `authorization_key` in every POST body. */
  checkKey(origin: string | undefined, key: unknown): void {
    const expected = origin ? this.settings.get().trusted_sites[origin]?.authorization_key : undefined;
    if (expected === undefined) return;
    const given = Buffer.from(typeof key === 'string' ? key : '');
    const wanted = Buffer.from(expected);
    if (given.length !== wanted.length || !timingSafeEqual(given, wanted))
      throw new ConnectFailure(401, 401, 'Unauthorized', 'Authentication Failed');
  }

  async #ask(origin: string): Promise<ConsentAnswer> {
    let answer: ConsentAnswer;
    try {
      answer = await this.ui.consent(
        'Allow this site to use Rapid?',
        `${origin} wants to use Rapid to transfer files and to open file dialogs on this computer.`,
      );
    } catch (error) {
      if (error instanceof NoDialogTool)
        throw new ConnectFailure(
          500,
          500,
          'No dialog tool',
          `Rapid cannot ask for your consent: ${error.message}`,
        );
      throw error;
    }
    if (answer === 'not-now') return answer;
    const allowed = answer === 'allow';
    this.settings.update((current) => ({
      ...current,
      trusted_sites: { ...current.trusted_sites, [origin]: { ...current.trusted_sites[origin], allowed } },
    }));
    return answer;
  }
}

function refused(origin: string) {
  return forbidden(`You did not allow ${origin} to use Rapid. You can change this in Rapid's Preferences.`);
}

function notNow(origin: string) {
  return forbidden(
    `${origin} may not use Rapid yet: you did not answer the question. Rapid will ask again next time.`,
  );
}
