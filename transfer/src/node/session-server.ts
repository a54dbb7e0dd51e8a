import { once } from 'node:events';
import { createServer, type Server, type TLSSocket } from 'node:tls';
import type { HelloMessage } from '@rapid/protocol';
import { type TokenClaims, verifyToken } from '../auth/transfer-token.ts';
import { effectiveRate } from '../rate/effective-rate.ts';
import type { RateSettings } from '../rate/rate-controller.ts';
import { ControlLink } from '../session/control-link.ts';
import { Receiver } from '../session/receiver.ts';
import { Sender, type SenderFile } from '../session/sender.ts';
import {
  type FileProgress,
  type SessionCounters,
  SessionError,
  sessionError,
} from '../session/session-types.ts';
import { packetVersionFor } from '../wire/packet.ts';
import { dgramSizeForMtu, FALLBACK_MTU, interfaceMtu } from '../wire/path-mtu.ts';
import { codecOf, fromWire, newCredentials, toWire, type UdpCredentials } from '../wire/udp-credentials.ts';
import type { NodeConfig } from './node-config.ts';
import { openTransfer, startSpec } from './node-transfer.ts';
import { failSession, finishSession } from './session-outcome.ts';
import { sourceErrorCode, sourceFiles } from './source-files.ts';
import type { NodeSession, TransferStore } from './transfer-store.ts';
import type { UdpRouter, UdpSessionEntry } from './udp-router.ts';
import { clashRule, uploadTargets } from './upload-target.ts';

const HELLO_TIMEOUT_MS = 10_000;

/** The node's TLS control listener (`ssh_port`): authenticates each session and runs it against the docroot. */
export class SessionServer {
  readonly server: Server;
  #live = new Set<ControlLink>();

  constructor(
    private readonly config: NodeConfig,
    private readonly store: TransferStore,
    private readonly router: UdpRouter,
  ) {
    this.server = createServer(
      { key: config.tls.key, cert: config.tls.cert, minVersion: 'TLSv1.2' },
      (socket) => {
        this.#handle(socket).catch(() => socket.destroy());
      },
    );
    this.server.on('tlsClientError', () => {});
  }

  async listen(port: number, host: string): Promise<number> {
    this.server.listen(port, host);
    await once(this.server, 'listening');
    return (this.server.address() as { port: number }).port;
  }

  close(): void {
    this.server.close();
    for (const link of this.#live) link.stream.destroy();
  }

  async #handle(socket: TLSSocket): Promise<void> {
    socket.setNoDelay(true);
    const link = new ControlLink(socket);
    this.#live.add(link);
    link.onClose(() => this.#live.delete(link));
    const first = await link.next(HELLO_TIMEOUT_MS);
    if (first.t !== 'hello') throw new Error('expected hello');
    const check = verifyToken(this.config.secret, first.token, {
      nodeId: this.config.nodeId,
      direction: first.direction,
      cookie: first.cookie,
    });
    if (!check.ok) return this.#refuse(link, 19, `authentication failed: ${check.reason}`);
    let files: SenderFile[] = [];
    if (first.direction === 'receive') {
      try {
        files = sourceFiles(this.config.docroot, first, check.claims.roots);
      } catch (error) {
        return this.#refuse(link, sourceErrorCode(error), (error as Error).message);
      }
    }
    await this.#run(link, first, check.claims, files, socket.remoteAddress ?? '', socket.localAddress ?? '');
  }

  /** MTU of the interface the session's datagrams use: the UDP socket's own address, else (wildcard) the one the
   * client reached the control port on. */
  #mtu(controlAddress: string): number {
    const bound = this.router.socket.address().address;
    return interfaceMtu(bound === '0.0.0.0' || bound === '::' ? controlAddress : bound);
  }

  /** The client's proposal when it fits the cipher and its id is free on the node's socket; otherwise fresh ones. */
  #credentials(hello: HelloMessage): UdpCredentials {
    const proposed = hello.udp && fromWire(hello.udp, hello.cipher);
    if (proposed && this.router.isFree(proposed.sessionId)) return proposed;
    let fresh = newCredentials(hello.cipher);
    while (!this.router.isFree(fresh.sessionId)) fresh = newCredentials(hello.cipher);
    return fresh;
  }

  #refuse(link: ControlLink, code: number, desc: string): void {
    link.send({ t: 'error', code, desc, retryable: false });
    link.close();
  }

  async #run(
    link: ControlLink,
    hello: HelloMessage,
    claims: TokenClaims,
    files: SenderFile[],
    clientAddress: string,
    controlAddress: string,
  ) {
    const { config } = this;
    const mtu = this.#mtu(controlAddress);
    const ipv6 = this.router.socket.address().family === 'IPv6';
    const dgramSize = hello.dgram_size || dgramSizeForMtu(mtu, hello.mtu ?? FALLBACK_MTU, ipv6);
    let rate: RateSettings = effectiveRate(config.rate, hello.rate, config.rate);
    const credentials = this.#credentials(hello);
    const { sessionId } = credentials;
    const packetVersion = packetVersionFor(hello.packet_versions);
    const codec = codecOf(credentials, packetVersion);
    const transfer = openTransfer(this.store, claims.xfer_id, hello, startSpec(hello, config, rate, files));
    const targetOf = uploadTargets(
      config.docroot,
      hello,
      claims.roots,
      clashRule(claims, transfer.placements),
    );
    const entry: UdpSessionEntry = { codec, peer: undefined, onData: () => {} };
    // The plan may be settled before the client's first probe arrives: data, and files already whole, wait until the
    // node knows where the client is (a client whose probe never arrives falls back to HTTPS).
    const peerKnown = new Promise<void>((resolve) => {
      entry.onPeer = () => {
        resolve();
        // The client learns that UDP reaches the node even if every PROBE_ACK is lost in a saturated queue.
        link.send({ t: 'probe_seen' });
      };
    });
    // Registered before its part exists, so the part's start rate counts it among the node's sessions.
    this.router.register(sessionId, entry);
    const common = { control: link, codec, sessionId, stallMs: config.stallMs };
    const nodeSessions = () => this.router.sessionCount;
    const part =
      hello.direction === 'receive'
        ? new Sender({
            ...common,
            data: {
              send: (packet) => this.router.sendTo(entry, packet),
              backlog: () => this.router.socket.getSendQueueCount(),
            },
            role: 'node',
            dgramSize,
            rate,
            resume: hello.resume,
            fileChecksum: hello.file_checksum,
            files,
            limits: config.rate,
            dataPath: peerKnown,
            nodeSessions,
            planAhead: hello.takes_all === true,
          })
        : new Receiver({
            ...common,
            peerRole: 'client',
            ...this.router.receivingStats(),
            resolveDestination: (path, count) => targetOf(path, count).local,
            resume: hello.resume,
            overwrite: hello.overwrite,
            preserveTimes: hello.preserve_times,
            fileChecksum: hello.file_checksum,
            filesDone: hello.accepts_files_done === true,
            dataPath: peerKnown,
            nodeSessions,
          });
    if (part instanceof Receiver) {
      // With the addon, the router's receive thread decrypts the upload's data (off the event loop, which writes and
      // acknowledges).
      if (credentials.key && codec.native)
        this.router.openOnThread(sessionId, credentials.key, credentials.salt);
      entry.onData = (packet, opened) => part.onDatagram(packet, opened);
    }
    const session: NodeSession = {
      id: `${claims.xfer_id}-${transfer.sessions.length + 1}`,
      status: 'running',
      clientAddress,
      startMs: Date.now(),
      endMs: 0,
      get counters(): SessionCounters {
        return part.counters;
      },
      get files(): FileProgress[] {
        return part.files;
      },
      rate,
      errorCode: 0,
      errorDesc: '',
    };
    transfer.sessions.push(session);
    Object.assign(transfer, { status: 'running', errorCode: 0, errorDesc: '', endMs: 0 });
    transfer.control = {
      cancel: () => {
        link.send({ t: 'cancel', code: 28 });
        part.abort(new SessionError(28, 'cancelled on the node', false));
      },
      pause: () => {
        if (part instanceof Sender) part.pause();
        else link.send({ t: 'pause' });
        transfer.status = 'paused';
        this.store.touch(transfer);
      },
      resume: () => {
        if (part instanceof Sender) part.resume();
        else link.send({ t: 'resume' });
        transfer.status = 'running';
        this.store.touch(transfer);
      },
      setRate: (requested) => {
        rate = effectiveRate(rate, requested, config.rate);
        session.rate = rate;
        if (part instanceof Sender) part.setRate(rate);
        else link.send({ t: 'rate', ...rate });
        return rate;
      },
    };
    const ticker = setInterval(() => this.store.touch(transfer), 250);
    link.send({
      t: 'accept',
      ...toWire(credentials),
      xfer_id: claims.xfer_id,
      dgram_size: dgramSize,
      mtu,
      rate,
      accepts_files_done: true,
      node_sessions: nodeSessions(),
      packet_version: packetVersion,
    });
    // Probes the client sent beside its hello, with the credentials it proposed: their `probe_seen` follows `accept`.
    this.router.deliverEarly(sessionId);
    try {
      await part.run();
      finishSession(transfer, session, part.files);
    } catch (error) {
      const failure = error instanceof SessionError ? error : sessionError(12, String(error));
      failSession(transfer, session, failure);
      if (!link.closed && failure.code !== 28)
        link.send({ t: 'error', code: failure.code, desc: failure.message, retryable: failure.retryable });
    } finally {
      clearInterval(ticker);
      session.endMs = Date.now();
      if (transfer.sessions.at(-1) === session) transfer.control = undefined;
      this.router.unregister(sessionId);
      this.store.touch(transfer);
      link.close();
    }
  }
}
