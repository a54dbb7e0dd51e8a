import { Connection, type Session } from 'autobahn';
import { MessagingError } from './messaging-errors.ts';
import { type MessagingSettings, RECONNECT, realmOf, websocketUrl } from './messaging-settings.ts';

/** WAMP topic and procedure URIs: dot-separated lower-case components (connect-bridge.md §8, code 1). */
const URI = /^([0-9a-z_]+\.)*[0-9a-z_]+$/;

/**
 * Called with each event published on a subscribed topic: its positional and keyword arguments.
 *
 * @example const onActivity: EventHandler = ([activity]) => console.log(activity);
 */
export type EventHandler = (args: unknown[], kwargs: Record<string, unknown>) => void;

/**
 * The WAMP messaging layer on autobahn: JSON serializer, automatic reconnect every 2000 ms up to 25 times, and
 * the catalogue's error codes as {@link MessagingError}s. `open` resolves with the first session; subscriptions
 * are renewed on every reconnect.
 *
 * @example const client = new MessagingClient(); await client.open(); await client.call('com.rapid.ping');
 */
export class MessagingClient {
  /**
   * The router's websocket URL, e.g. `wss://127.0.0.1:33023/ws`.
   * @example new MessagingClient().url;
   */
  readonly url: string;
  /**
   * The WAMP realm joined.
   * @example new MessagingClient({ wampRealm: 'acme' }).realm; // 'acme'
   */
  readonly realm: string;
  #connection: Connection | undefined;
  #session: Session | undefined;
  readonly #subscriptions = new Map<string, EventHandler>();
  readonly #onStateChange: (open: boolean) => void;

  /**
   * Creates the client; nothing connects until {@link MessagingClient.open}.
   * @param settings where the router is; {@link MESSAGING_DEFAULTS} by default
   * @param onStateChange called with `true` when a session opens and `false` when it closes
   * @throws {@link MessagingError} 22 for a bad host or port, 21 for an empty realm
   * @example const client = new MessagingClient({ websocketPort: 33023 }, (open) => console.log(open));
   */
  constructor(settings: MessagingSettings = {}, onStateChange: (open: boolean) => void = () => {}) {
    this.url = websocketUrl(settings);
    this.realm = realmOf(settings);
    this.#onStateChange = onStateChange;
  }

  /**
   * Whether a session is open now.
   * @example if (client.isOpen) await client.call('com.rapid.ping');
   */
  get isOpen(): boolean {
    return this.#session?.isOpen === true;
  }

  /**
   * Connects; resolves with the first session and reconnects automatically after.
   * @throws {@link MessagingError} 22 when there is no WebSocket or the router cannot be reached
   * @example await client.open();
   */
  open(): Promise<void> {
    if (typeof WebSocket === 'undefined') return Promise.reject(new MessagingError(22));
    return new Promise((resolve, reject) => {
      const seconds = RECONNECT.delayMs / 1000;
      const connection = new Connection({
        url: this.url,
        realm: this.realm,
        protocols: ['wamp.2.json'],
        max_retries: RECONNECT.maxRetries,
        initial_retry_delay: seconds,
        max_retry_delay: seconds,
        retry_delay_growth: 1,
        // autobahn treats 0 as "use the default jitter"; a vanishing one keeps the delay at 2000 ms.
        retry_delay_jitter: 1e-9,
        retry_if_unreachable: true,
      } as ConstructorParameters<typeof Connection>[0]);
      connection.onopen = (session) => {
        this.#session = session;
        this.#onStateChange(true);
        for (const [topic, handler] of this.#subscriptions) void this.#subscribe(session, topic, handler);
        resolve();
      };
      connection.onclose = (reason, details) => {
        this.#session = undefined;
        this.#onStateChange(false);
        if (reason === 'unsupported') reject(new MessagingError(22, details));
        else if (reason !== 'lost' && reason !== 'unreachable')
          reject(new MessagingError(22, { reason, details }));
        else if (details?.will_retry === false) reject(new MessagingError(22, { reason, details }));
        return false;
      };
      this.#connection = connection;
      connection.open();
    });
  }

  /**
   * Subscribes now (when open) and after every reconnect.
   * @throws {@link MessagingError} 1 for a bad topic URI, 3 without a handler, 2 when the router has no broker role
   * @example await client.subscribe(ACTIVITY_TOPIC, ([activity]) => render(activity));
   */
  async subscribe(topic: string, handler: EventHandler): Promise<void> {
    if (!URI.test(topic)) throw new MessagingError(1, topic);
    if (typeof handler !== 'function') throw new MessagingError(3);
    this.#subscriptions.set(topic, handler);
    if (this.#session) await this.#subscribe(this.#session, topic, handler);
  }

  /**
   * Ends a subscription.
   * @throws {@link MessagingError} 7 when there is no such subscription
   * @example await client.unsubscribe(ACTIVITY_TOPIC);
   */
  async unsubscribe(topic: string): Promise<void> {
    if (!this.#subscriptions.delete(topic)) throw new MessagingError(7, topic);
    const session = this.#session;
    const subscription = session?.subscriptions.flat().find((each) => each.topic === topic);
    if (session && subscription) await session.unsubscribe(subscription);
  }

  /**
   * Calls a procedure on the router.
   * @throws {@link MessagingError} 4 for a bad procedure URI, 22 when not open, 12 when the router has no dealer role
   * @example const answer = await client.call<string>('com.rapid.ping');
   */
  async call<T>(procedure: string, args: unknown[] = []): Promise<T> {
    if (!URI.test(procedure)) throw new MessagingError(4, procedure);
    const session = this.#session;
    if (!session) throw new MessagingError(22);
    if (!hasRole(session, 'dealer')) throw new MessagingError(12);
    return (await session.call(procedure, args)) as T;
  }

  /**
   * Closes the connection and forgets every subscription.
   * @example client.close();
   */
  close(): void {
    this.#subscriptions.clear();
    if (this.#connection?.isOpen || this.#connection?.isRetrying) this.#connection.close();
    this.#connection = undefined;
  }

  async #subscribe(session: Session, topic: string, handler: EventHandler) {
    if (!hasRole(session, 'broker')) throw new MessagingError(2);
    await session.subscribe(topic, (args, kwargs) => handler(args ?? [], kwargs ?? {}));
  }
}

/** The router's roles, as the features autobahn enabled from its WELCOME. */
function hasRole(session: Session, role: 'broker' | 'dealer'): boolean {
  const features = (session.features ?? {}) as Record<string, unknown>;
  return role === 'broker' ? 'subscriber' in features : 'caller' in features;
}
