import { once } from 'node:events';
import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { ApiContext } from './api/api-context.ts';
import { HttpUploads } from './api/http-uploads.ts';
import { answerCancel, createApiHandler } from './api/router.ts';
import { HttpSessions } from './http-sessions.ts';
import type { NodeConfig } from './node-config.ts';
import { answerRefusedMethods } from './refused-methods.ts';
import { SessionServer } from './session-server.ts';
import { LocalStorage } from './storage.ts';
import { certificateFingerprint } from './tls-material.ts';
import { TransferStore } from './transfer-store.ts';
import { UdpRouter } from './udp-router.ts';

export interface TransferNode {
  ports: { api: number; control: number; udp: number };
  fingerprint: string;
  store: TransferStore;
  /** Base URL of the API. */
  url: string;
  /** The UDP socket's receive: on the drain thread or not, datagrams opened there, coalesced runs (UDP GRO) taken. */
  udpReceive(): UdpReceiveCounts;
  close(): Promise<void>;
}

export interface UdpReceiveCounts {
  on_thread: boolean;
  gro: boolean;
  batched_datagrams: number;
  coalesced_runs: number;
  opened_on_thread: number;
  failed_on_thread: number;
}

/** Starts the three listeners of a node: the API (HTTP or HTTPS), the TLS control channel and the UDP data channel. */
export async function startTransferNode(config: NodeConfig): Promise<TransferNode> {
  const store = new TransferStore(config.activityRetentionMs);
  const router = new UdpRouter();
  const udp = await router.listen(config.udpPort, config.bindHost);
  const sessions = new SessionServer({ ...config, udpPort: udp }, store, router);
  const control = await sessions.listen(config.controlPort, config.bindHost);
  const fingerprint = certificateFingerprint(config.tls.cert);
  const httpSessions = new HttpSessions({ ...config, udpPort: udp, controlPort: control }, store);
  const ctx: ApiContext = {
    config: { ...config, udpPort: udp, controlPort: control },
    store,
    storage: new LocalStorage(config.docroot),
    uploads: new HttpUploads(),
    httpSessions,
    fingerprint,
    ports: { api: config.apiPort, control, udp },
  };
  const handler = createApiHandler(ctx);
  const api: Server = config.apiTls
    ? createHttpsServer({ key: config.tls.key, cert: config.tls.cert }, handler)
    : createHttpServer(handler);
  answerRefusedMethods(api, ['CANCEL'], (request) => answerCancel(ctx, request));
  api.listen(config.apiPort, config.bindHost);
  await once(api, 'listening');
  ctx.ports.api = (api.address() as { port: number }).port;
  const host = config.bindHost.includes(':') ? `[${config.bindHost}]` : config.bindHost;
  return {
    ports: ctx.ports,
    fingerprint,
    store,
    udpReceive() {
      const thread = router.receiveThread;
      return {
        on_thread: thread?.readOnThread ?? false,
        gro: thread?.gro ?? false,
        batched_datagrams: thread?.batchedDatagrams ?? 0,
        coalesced_runs: thread?.coalescedRuns ?? 0,
        opened_on_thread: thread?.openedOnThread.opened ?? 0,
        failed_on_thread: thread?.openedOnThread.failed ?? 0,
      };
    },
    url: `${config.apiTls ? 'https' : 'http'}://${host === '0.0.0.0' ? '127.0.0.1' : host}:${ctx.ports.api}`,
    async close() {
      sessions.close();
      httpSessions.stop();
      const routerClosed = router.close();
      api.closeAllConnections();
      await new Promise<void>((resolve) => api.close(() => resolve()));
      await routerClosed;
    },
  };
}
