import type { AddressInfo } from 'node:net';
import { type WebSocket, WebSocketServer } from 'ws';

const HELLO = 1;
const WELCOME = 2;
const GOODBYE = 6;
const SUBSCRIBE = 32;
const SUBSCRIBED = 33;
const UNSUBSCRIBE = 34;
const UNSUBSCRIBED = 35;
const EVENT = 36;
const CALL = 48;
const RESULT = 50;

/**
 * Test double of a WAMP router on a real websocket (wamp.2.json): WELCOME with the configured roles, SUBSCRIBE,
 * UNSUBSCRIBE, CALL answered by `procedures`, and `publish()` to push EVENTs to subscribers.
 */
export class TestDoubleWampRouter {
  roles: Record<string, object> = { broker: {}, dealer: {} };
  readonly procedures = new Map<string, (args: unknown[]) => unknown>();
  readonly hellos: unknown[][] = [];
  readonly #server: WebSocketServer;
  readonly #subscriptions = new Map<number, { socket: WebSocket; topic: string }>();
  #nextId = 1;

  private constructor(server: WebSocketServer) {
    this.#server = server;
    server.on('connection', (socket) => {
      socket.on('message', (data) => this.#onMessage(socket, JSON.parse(String(data)) as unknown[]));
    });
  }

  static start(): Promise<TestDoubleWampRouter> {
    return new Promise((resolve) => {
      const server = new WebSocketServer({
        host: '127.0.0.1',
        port: 0,
        handleProtocols: (protocols) => (protocols.has('wamp.2.json') ? 'wamp.2.json' : false),
      });
      server.on('listening', () => resolve(new TestDoubleWampRouter(server)));
    });
  }

  get port(): number {
    return (this.#server.address() as AddressInfo).port;
  }

  get subscribers(): number {
    return this.#subscriptions.size;
  }

  publish(topic: string, args: unknown[], kwargs: Record<string, unknown> = {}): void {
    for (const [id, { socket, topic: subscribed }] of this.#subscriptions)
      if (subscribed === topic) socket.send(JSON.stringify([EVENT, id, this.#nextId++, {}, args, kwargs]));
  }

  /** Drops every client connection, as a router restart would. */
  dropClients(): void {
    for (const socket of this.#server.clients) socket.terminate();
    this.#subscriptions.clear();
  }

  close(): Promise<void> {
    this.dropClients();
    return new Promise((resolve) => this.#server.close(() => resolve()));
  }

  #onMessage(socket: WebSocket, message: unknown[]) {
    const send = (reply: unknown[]) => socket.send(JSON.stringify(reply));
    const [type, requestId] = message as [number, number];
    if (type === HELLO) {
      this.hellos.push(message);
      send([WELCOME, this.#nextId++, { roles: this.roles }]);
    } else if (type === SUBSCRIBE) {
      const id = this.#nextId++;
      this.#subscriptions.set(id, { socket, topic: message[3] as string });
      send([SUBSCRIBED, requestId, id]);
    } else if (type === UNSUBSCRIBE) {
      this.#subscriptions.delete(message[2] as number);
      send([UNSUBSCRIBED, requestId]);
    } else if (type === CALL) {
      const result = this.procedures.get(message[3] as string)?.((message[4] as unknown[]) ?? []);
      send([RESULT, requestId, {}, [result]]);
    } else if (type === GOODBYE) {
      send([GOODBYE, {}, 'wamp.close.goodbye_and_out']);
    }
  }
}
