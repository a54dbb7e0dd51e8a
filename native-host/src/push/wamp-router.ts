import { WAMP, WAMP_ERRORS, WAMP_URI } from './wamp-codes.ts';

export type WampMessage = unknown[];

export interface WampPeer {
  /** The page origin the connection came from (its Origin header). */
  origin: string;
  send(message: WampMessage): void;
  close(code: number, reason: string): void;
}

/** A procedure the router itself provides (the daemon's own API); answers or throws an error URI. */
export type BuiltinProcedure = (
  caller: WampPeer,
  args: unknown[],
  kwargs: Record<string, unknown>,
) => Promise<{ args?: unknown[]; kwargs?: Record<string, unknown> }>;

interface Session {
  id: number;
  peer: WampPeer;
  realm: string;
  subscriptions: Map<number, string>;
  registrations: Map<number, string>;
}

interface PendingCall {
  caller: Session;
  requestId: number;
}

const randomId = () => Math.floor(Math.random() * 2 ** 53);

/**
 * A WAMP basic-profile router (broker and dealer) for one realm: HELLO/WELCOME, SUBSCRIBE/PUBLISH/EVENT,
 * REGISTER/CALL/INVOCATION/YIELD/RESULT, ERROR, GOODBYE. Transport-agnostic: the WebSocket glue feeds it parsed
 * JSON arrays. The daemon publishes through `publish`, optionally only to peers of one origin.
 */
export class WampRouter {
  readonly #sessions = new Map<WampPeer, Session>();
  readonly #procedures = new Map<string, { id: number; callee?: Session; builtin?: BuiltinProcedure }>();
  readonly #calls = new Map<number, PendingCall>();

  constructor(readonly realm: string) {}

  provide(procedure: string, builtin: BuiltinProcedure): void {
    this.#procedures.set(procedure, { id: randomId(), builtin });
  }

  /** Sends an event on `topic` to every subscriber whose origin `to` accepts. */
  publish(
    topic: string,
    args: unknown[],
    kwargs: Record<string, unknown> = {},
    to?: (origin: string) => boolean,
  ) {
    const publication = randomId();
    for (const session of this.#sessions.values()) {
      if (to && !to(session.peer.origin)) continue;
      for (const [subscription, subscribed] of session.subscriptions)
        if (subscribed === topic)
          session.peer.send([WAMP.EVENT, subscription, publication, {}, args, kwargs]);
    }
    return publication;
  }

  hasSubscribers(topic: string): boolean {
    for (const session of this.#sessions.values())
      for (const subscribed of session.subscriptions.values()) if (subscribed === topic) return true;
    return false;
  }

  disconnected(peer: WampPeer): void {
    const session = this.#sessions.get(peer);
    if (!session) return;
    this.#sessions.delete(peer);
    for (const [procedure, entry] of this.#procedures)
      if (entry.callee === session) this.#procedures.delete(procedure);
  }

  handle(peer: WampPeer, message: unknown) {
    if (!Array.isArray(message) || !Number.isInteger(message[0]))
      return this.#violation(peer, 'not a WAMP message');
    const session = this.#sessions.get(peer);
    const [type] = message as [number];
    if (!session) {
      if (type !== WAMP.HELLO) return this.#violation(peer, 'HELLO expected');
      const [, realm] = message;
      if (realm !== this.realm) {
        peer.send([WAMP.ABORT, { message: `Unknown realm ${String(realm)}` }, WAMP_ERRORS.noSuchRealm]);
        return peer.close(1000, 'no such realm');
      }
      const created: Session = {
        id: randomId(),
        peer,
        realm,
        subscriptions: new Map(),
        registrations: new Map(),
      };
      this.#sessions.set(peer, created);
      peer.send([WAMP.WELCOME, created.id, { roles: { broker: {}, dealer: {} }, agent: 'rapid-daemon' }]);
      return;
    }
    switch (type) {
      case WAMP.HELLO:
        return this.#violation(peer, 'HELLO after WELCOME');
      case WAMP.GOODBYE:
        peer.send([WAMP.GOODBYE, {}, 'wamp.close.goodbye_and_out']);
        this.disconnected(peer);
        return peer.close(1000, 'goodbye');
      case WAMP.SUBSCRIBE:
        return this.#subscribe(session, message);
      case WAMP.UNSUBSCRIBE:
        return this.#unsubscribe(session, message);
      case WAMP.PUBLISH:
        return this.#publishFrom(session, message);
      case WAMP.REGISTER:
        return this.#register(session, message);
      case WAMP.UNREGISTER:
        return this.#unregister(session, message);
      case WAMP.CALL:
        return void this.#call(session, message);
      case WAMP.YIELD:
        return this.#yield(session, message);
      case WAMP.ERROR:
        return this.#calleeError(session, message);
      default:
        return this.#violation(peer, `unsupported message type ${type}`);
    }
  }

  #subscribe(session: Session, [, requestId, , topic]: WampMessage) {
    if (typeof topic !== 'string' || !WAMP_URI.test(topic))
      return session.peer.send([WAMP.ERROR, WAMP.SUBSCRIBE, requestId, {}, WAMP_ERRORS.invalidUri]);
    const id = randomId();
    session.subscriptions.set(id, topic);
    session.peer.send([WAMP.SUBSCRIBED, requestId, id]);
  }

  #unsubscribe(session: Session, [, requestId, subscription]: WampMessage) {
    if (!session.subscriptions.delete(subscription as number))
      return session.peer.send([WAMP.ERROR, WAMP.UNSUBSCRIBE, requestId, {}, WAMP_ERRORS.noSuchSubscription]);
    session.peer.send([WAMP.UNSUBSCRIBED, requestId]);
  }

  #publishFrom(session: Session, [, requestId, options, topic, args, kwargs]: WampMessage) {
    if (typeof topic !== 'string' || !WAMP_URI.test(topic))
      return session.peer.send([WAMP.ERROR, WAMP.PUBLISH, requestId, {}, WAMP_ERRORS.invalidUri]);
    const details = (options ?? {}) as { acknowledge?: boolean; exclude_me?: boolean };
    const publication = randomId();
    // Pages only reach peers of their own origin: one site cannot send events to another.
    for (const other of this.#sessions.values()) {
      if (other.peer.origin !== session.peer.origin) continue;
      if (other === session && details.exclude_me !== false) continue;
      for (const [subscription, subscribed] of other.subscriptions)
        if (subscribed === topic)
          other.peer.send([WAMP.EVENT, subscription, publication, {}, args ?? [], kwargs ?? {}]);
    }
    if (details.acknowledge) session.peer.send([WAMP.PUBLISHED, requestId, publication]);
  }

  #register(session: Session, [, requestId, , procedure]: WampMessage) {
    if (typeof procedure !== 'string' || !WAMP_URI.test(procedure))
      return session.peer.send([WAMP.ERROR, WAMP.REGISTER, requestId, {}, WAMP_ERRORS.invalidUri]);
    if (this.#procedures.has(procedure))
      return session.peer.send([WAMP.ERROR, WAMP.REGISTER, requestId, {}, WAMP_ERRORS.procedureExists]);
    const id = randomId();
    this.#procedures.set(procedure, { id, callee: session });
    session.registrations.set(id, procedure);
    session.peer.send([WAMP.REGISTERED, requestId, id]);
  }

  #unregister(session: Session, [, requestId, registration]: WampMessage) {
    const procedure = session.registrations.get(registration as number);
    if (!procedure)
      return session.peer.send([WAMP.ERROR, WAMP.UNREGISTER, requestId, {}, WAMP_ERRORS.noSuchRegistration]);
    session.registrations.delete(registration as number);
    this.#procedures.delete(procedure);
    session.peer.send([WAMP.UNREGISTERED, requestId]);
  }

  async #call(session: Session, [, requestId, , procedure, args, kwargs]: WampMessage) {
    const entry = typeof procedure === 'string' ? this.#procedures.get(procedure) : undefined;
    const error = (uri: string, text?: string) =>
      session.peer.send([WAMP.ERROR, WAMP.CALL, requestId, {}, uri, text ? [text] : []]);
    if (!entry || (entry.callee && entry.callee.peer.origin !== session.peer.origin))
      return error(WAMP_ERRORS.noSuchProcedure);
    if (entry.builtin) {
      try {
        const result = await entry.builtin(
          session.peer,
          Array.isArray(args) ? args : [],
          (kwargs ?? {}) as Record<string, unknown>,
        );
        session.peer.send([WAMP.RESULT, requestId, {}, result.args ?? [], result.kwargs ?? {}]);
      } catch (thrown) {
        error(WAMP_ERRORS.invalidArgument, (thrown as Error).message);
      }
      return;
    }
    const invocation = randomId();
    this.#calls.set(invocation, { caller: session, requestId: requestId as number });
    entry.callee?.peer.send([WAMP.INVOCATION, invocation, entry.id, {}, args ?? [], kwargs ?? {}]);
  }

  #yield(session: Session, [, invocation, , args, kwargs]: WampMessage) {
    const pending = this.#calls.get(invocation as number);
    if (!pending) return;
    this.#calls.delete(invocation as number);
    if (session) pending.caller.peer.send([WAMP.RESULT, pending.requestId, {}, args ?? [], kwargs ?? {}]);
  }

  #calleeError(_session: Session, [, requestType, invocation, details, uri, args, kwargs]: WampMessage) {
    if (requestType !== WAMP.INVOCATION) return;
    const pending = this.#calls.get(invocation as number);
    if (!pending) return;
    this.#calls.delete(invocation as number);
    pending.caller.peer.send([
      WAMP.ERROR,
      WAMP.CALL,
      pending.requestId,
      details ?? {},
      uri,
      args ?? [],
      kwargs ?? {},
    ]);
  }

  #violation(peer: WampPeer, why: string) {
    peer.send([WAMP.ABORT, { message: why }, WAMP_ERRORS.protocolViolation]);
    this.disconnected(peer);
    peer.close(1002, why);
  }
}
