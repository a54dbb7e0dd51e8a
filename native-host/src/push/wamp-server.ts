import type { IncomingMessage, Server } from 'node:http';
import { WebSocketServer } from 'ws';
import type { TransferManager } from '../transfers/transfer-manager.ts';
import type { WampPeer, WampRouter } from './wamp-router.ts';

export const WAMP_PATH = '/wamp';
export const WAMP_REALM = 'com.rapid.connect';
export const ACTIVITY_TOPIC = 'connect.transfers.activity';
export const ACTIVITY_PROCEDURE = 'connect.transfers.get_activity';
const LOCAL_HOSTS = ['127.0.0.1', 'localhost', '[::1]'];

/**
 * WAMP over WebSocket (`wamp.2.json`) at `/wamp` of a local server (ws on the HTTP port, wss on the HTTPS one).
 * Only pages with an Origin connect, and each page sees only its own origin's transfers: every record change is
 * published on `connect.transfers.activity` to that origin's subscribers, and `connect.transfers.get_activity`
 * answers like the activity call.
 */
export function attachWampServer(
  server: Server,
  router: WampRouter,
  allowedHosts: readonly string[] = LOCAL_HOSTS,
) {
  const sockets = new WebSocketServer({
    server,
    path: WAMP_PATH,
    handleProtocols: (protocols) => (protocols.has('wamp.2.json') ? 'wamp.2.json' : false),
    verifyClient: ({ origin, req }: { origin: string; req: IncomingMessage }) =>
      Boolean(origin) &&
      origin !== 'null' &&
      allowedHosts.includes((req.headers.host ?? '').replace(/:\d+$/, '')),
  });
  sockets.on('connection', (socket, request) => {
    const peer: WampPeer = {
      origin: String(request.headers.origin),
      send: (message) => socket.send(JSON.stringify(message)),
      close: (code, reason) => socket.close(code, reason),
    };
    socket.on('message', (data) => {
      let message: unknown;
      try {
        message = JSON.parse(String(data));
      } catch {
        message = undefined;
      }
      router.handle(peer, message);
    });
    socket.on('close', () => router.disconnected(peer));
  });
  return {
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of sockets.clients) client.terminate();
        sockets.close(() => resolve());
      }),
  };
}

/** The daemon's side of the push events: the activity procedure and one publication per record change. */
export function publishTransferActivity(router: WampRouter, manager: TransferManager): () => void {
  router.provide(ACTIVITY_PROCEDURE, async (caller, args, kwargs) => {
    const token = Number(kwargs.iteration_token ?? args[0] ?? 0);
    return { kwargs: { ...manager.activity(caller.origin, Number.isFinite(token) ? token : 0) } };
  });
  return manager.onChange((info) => {
    if (!router.hasSubscribers(ACTIVITY_TOPIC)) return;
    const origin = manager.originOf(info.uuid);
    router.publish(ACTIVITY_TOPIC, [info], {}, (peerOrigin) => peerOrigin === origin);
  });
}
