import { isAbsolute, join } from 'node:path';
import type { RapidTransferSpec } from '@rapid/protocol';
import { type FoundFile, walkFiles } from '../fs/walk-files.ts';
import { batchSend } from '../native/batch-send.ts';
import { protectionOf, protectUploads } from '../protect/content-protection.ts';
import { effectiveRate } from '../rate/effective-rate.ts';
import type { RateSettings } from '../rate/rate-controller.ts';
import { ControlLink } from '../session/control-link.ts';
import { Receiver } from '../session/receiver.ts';
import { offerOf, Sender } from '../session/sender.ts';
import {
  type FileProgress,
  type SessionCounters,
  SessionError,
  sessionError,
} from '../session/session-types.ts';
import type { SourceAccess } from '../session/source-access.ts';
import { isPacketVersion } from '../wire/packet.ts';
import { mtuTowards } from '../wire/path-mtu.ts';
import { codecOf, fromWire, newCredentials, toWire } from '../wire/udp-credentials.ts';
import { connectControl } from './connect-control.ts';
import { helloOf } from './hello-of.ts';
import { HttpFallback } from './http-fallback.ts';
import { LocalDestination } from './local-destination.ts';
import {
  DEFAULT_PORT,
  dgramSizeOf,
  limitsOf,
  overwritePolicyOf,
  rateOf,
  resumePolicyOf,
} from './normalize-spec.ts';
import { receivingSocketStats } from './receiving-socket-stats.ts';
import { type ThreadDatagramInfo, ThreadSocket } from './thread-socket.ts';
import { openUdp, probeUdp, type UdpSocket } from './udp-probe.ts';

/** How long a client probes once the node has said it receives the probes (PROTOCOL.md §2.4). */
const PROBE_SEEN_MS = 20_000;
/** Datagrams kept for a receiver not built yet (a node that planned ahead sends with its `accept`). */
const EARLY_BYTES = 32 * 1024 * 1024;

export interface ClientSessionOptions {
  /** How long to wait for a PROBE_ACK before declaring UDP blocked (PROTOCOL.md §2.4). */
  probeTimeoutMs?: number;
  stallMs?: number;
  onProgress?: () => void;
}

const EMPTY: SessionCounters = {
  bytesTransferred: 0,
  bytesLost: 0,
  bytesWritten: 0,
  bytesExpected: 0,
  rateKbps: 0,
};

/** A sending session's datagram send: batched through the addon on a plain socket (ThreadSocket sends on its thread). */
function sendOf(socket: UdpSocket): (parts: Buffer[]) => void {
  if (socket instanceof ThreadSocket) return (parts) => socket.send(parts);
  const send = batchSend(socket);
  return (parts) => send(parts);
}

function localSources(spec: RapidTransferSpec): FoundFile[] {
  const files: FoundFile[] = [];
  for (const path of spec.paths) {
    const source =
      spec.source_root && !isAbsolute(path.source) ? join(spec.source_root, path.source) : path.source;
    try {
      files.push(...walkFiles(source, path.destination));
    } catch (error) {
      throw new SessionError(4, `cannot read ${source}: ${(error as Error).message}`, false);
    }
  }
  return files;
}

/** One attempt at a transfer from the client: rapid/1 over TLS + UDP, or the HTTPS fallback when UDP is blocked. */
export class ClientSession {
  transport: 'fasp' | 'http' = 'fasp';
  #part: Sender | Receiver | HttpFallback | undefined;
  #link: ControlLink | undefined;
  #rate: RateSettings;
  #aborted: SessionError | undefined;

  constructor(
    private readonly spec: RapidTransferSpec,
    private readonly options: ClientSessionOptions = {},
  ) {
    this.#rate = rateOf(spec);
  }

  get files(): FileProgress[] {
    return this.#part?.files ?? [];
  }

  get counters(): SessionCounters {
    return this.#part?.counters ?? EMPTY;
  }

  get rate(): RateSettings {
    return this.#rate;
  }

  /** Applies a rate change within the node's caps and locks. */
  setRate(requested: Partial<RateSettings>): RateSettings {
    this.#rate = effectiveRate(this.#rate, requested, limitsOf(this.spec));
    if (this.#part instanceof Sender || this.#part instanceof HttpFallback) this.#part.setRate(this.#rate);
    this.#link?.send({ t: 'rate', ...this.#rate });
    return this.#rate;
  }

  abort(error: SessionError): void {
    this.#aborted = error;
    if (this.#link && !this.#link.closed) this.#link.send({ t: 'cancel', code: error.code });
    this.#part?.abort(error);
    this.#link?.flush();
    this.#link?.stream.destroy();
  }

  #check(): void {
    if (this.#aborted) throw this.#aborted;
  }

  async run(): Promise<void> {
    const { spec } = this;
    const protection = protectionOf(spec);
    let uploads = spec.direction === 'send' ? localSources(spec) : [];
    let access: SourceAccess | undefined;
    if (protection?.mode === 'encrypt')
      ({ files: uploads, access } = await protectUploads(uploads, protection.passphrase));
    if (spec.http_fallback === 'force') return this.#fallback(uploads, access);
    const mtu = await mtuTowards(spec.remote_host, spec.fasp_port ?? DEFAULT_PORT);
    const udp = await openUdp(spec.remote_host, spec.fasp_port ?? DEFAULT_PORT, spec.direction !== 'send');
    const closeUdp = () => {
      try {
        udp.socket.close();
      } catch {
        // Closed already.
      }
    };
    const socket = await connectControl(spec.remote_host, spec.ssh_port ?? DEFAULT_PORT, spec.sshfp).catch(
      (error: unknown) => {
        closeUdp();
        throw error;
      },
    );
    const link = new ControlLink(socket);
    this.#link = link;
    link.onClose(closeUdp);
    this.#check();
    const resume = resumePolicyOf(spec);
    const hello = helloOf(spec, this.#rate, mtu);
    // The client proposes the data channel's credentials and probes with them beside the hello (PROTOCOL.md §2.4);
    // an upload's offer goes with it too. Both save a round trip before the first byte.
    const proposed = newCredentials(hello.cipher);
    const proposal = toWire(proposed);
    // A download that keeps nothing already here asks for every byte whatever its plan finds: the node starts
    // sending before the plan, and datagrams that come before the receiver are kept for it.
    const takesAll =
      spec.direction === 'receive' && resume === 'none' && overwritePolicyOf(spec) === 'always';
    const early: Buffer[] = [];
    let earlyBytes = 0;
    const keepEarly = (packet: Buffer) => {
      if (earlyBytes + packet.length > EARLY_BYTES) return;
      early.push(packet);
      earlyBytes += packet.length;
    };
    if (takesAll) udp.socket.on('message', keepEarly);
    link.send({ ...hello, udp: proposal, ...(takesAll ? { takes_all: true } : {}) });
    if (spec.direction === 'send') link.send(offerOf(uploads));
    // A node that has seen a probe says so: then a lost answer means a congested path, not a blocked one, and probing
    // goes on (up to PROBE_SEEN_MS) instead of falling back to HTTPS, which would bypass the congestion.
    let probeSeen = false;
    link.watch('probe_seen', () => {
      probeSeen = true;
    });
    let accepted = () => {};
    const armed = new Promise<void>((resolve) => {
      accepted = resolve;
    });
    const probeMs = this.options.probeTimeoutMs ?? 3000;
    const probeOptions = {
      timeoutMs: probeMs,
      reachable: () => probeSeen,
      reachableMs: Math.max(probeMs, PROBE_SEEN_MS),
      armed,
    };
    const earlyProbe = new AbortController();
    let probed = probeUdp(udp, codecOf(proposed), proposed.sessionId, {
      ...probeOptions,
      signal: earlyProbe.signal,
    });
    // A session that ends before its part runs closes its socket and link here (the probe stops with the socket).
    const ended = (error: Error) => {
      closeUdp();
      link.close();
      return error;
    };
    let accept: Awaited<ReturnType<ControlLink['next']>>;
    try {
      accept = await link.next(15_000);
    } catch (error) {
      throw ended(this.#aborted ?? sessionError(12, `control channel: ${(error as Error).message}`));
    } finally {
      accepted();
    }
    if (accept.t === 'error') throw ended(new SessionError(accept.code, accept.desc, accept.retryable));
    if (accept.t !== 'accept') throw ended(sessionError(12, `unexpected ${accept.t} before accept`));
    const requested = dgramSizeOf(spec);
    if (requested > 0 && accept.dgram_size !== requested)
      throw ended(
        sessionError(12, `node chose datagram size ${accept.dgram_size}, not the ${requested} asked for`),
      );
    this.#rate = accept.rate;
    const credentials = fromWire(accept, hello.cipher);
    if (!credentials)
      throw ended(sessionError(12, `the node's data-channel key does not fit the cipher ${hello.cipher}`));
    const packetVersion = accept.packet_version ?? 1;
    if (!isPacketVersion(packetVersion))
      throw ended(
        sessionError(12, `the node chose packet version ${packetVersion}, which this client does not know`),
      );
    const codec = codecOf(credentials, packetVersion);
    // A node that did not take the proposal (an older one, or the id was in use) is probed anew with its own.
    const taken =
      accept.session_id === proposal.session_id &&
      accept.key === proposal.key &&
      accept.salt === proposal.salt;
    if (!taken) {
      earlyProbe.abort();
      probed = probeUdp(udp, codec, credentials.sessionId, probeOptions);
    }
    const dataPath = probed.then((ok) => (ok ? undefined : new Promise<never>(() => {})));
    const common = {
      control: link,
      codec,
      sessionId: credentials.sessionId,
      stallMs: this.options.stallMs,
      onProgress: this.options.onProgress,
      dataPath,
    };
    let part: Sender | Receiver;
    if (spec.direction === 'send') {
      part = new Sender({
        ...common,
        data: {
          send: sendOf(udp.socket),
          backlog: () => udp.socket.getSendQueueCount(),
        },
        role: 'client',
        dgramSize: accept.dgram_size,
        rate: this.#rate,
        nodeSessions: () => accept.node_sessions ?? 1,
        resume,
        fileChecksum: spec.file_checksum ?? 'none',
        files: uploads,
        offerSent: true,
        ...(access ? { access } : {}),
      });
    } else {
      const destination = new LocalDestination(spec, protection);
      const preserveTimes = spec.preserve_times ?? spec.preserve_modification_time ?? false;
      const finalizeFile = destination.finalizer(preserveTimes);
      const receiver = new Receiver({
        ...common,
        peerRole: 'node',
        ...receivingSocketStats(udp.socket),
        resolveDestination: (path, count) => destination.resolve(path, count),
        ...(finalizeFile ? { finalizeFile } : {}),
        resume,
        overwrite: overwritePolicyOf(spec),
        preserveTimes: spec.preserve_times ?? spec.preserve_modification_time ?? false,
        fileChecksum: spec.file_checksum ?? 'none',
        filesDone: accept.accepts_files_done === true,
      });
      udp.socket.off('message', keepEarly);
      for (const packet of early.splice(0)) receiver.onDatagram(packet);
      // With the addon, the drain thread decrypts the download's data (off the event loop, which writes and acks).
      if (udp.socket instanceof ThreadSocket && credentials.key && codec.native)
        udp.socket.openOnThread({ ...credentials, key: credentials.key });
      udp.socket.on('message', (packet: Buffer, info?: ThreadDatagramInfo) =>
        receiver.onDatagram(packet, info?.opened === true),
      );
      part = receiver;
    }
    this.#part = part;
    let blocked = false;
    void probed.then((ok) => {
      if (ok) return;
      blocked = true;
      part.abort(sessionError(14, 'UDP to the node is blocked'));
    });
    try {
      await part.run();
    } catch (error) {
      if (!blocked || this.#aborted) throw error;
    } finally {
      closeUdp();
      link.close();
    }
    if (!blocked) return;
    link.stream.destroy();
    if (spec.http_fallback === false)
      throw sessionError(14, 'UDP to the node is blocked and http_fallback is off');
    return this.#fallback(uploads, access);
  }

  async #fallback(uploads: FoundFile[], access: SourceAccess | undefined): Promise<void> {
    this.transport = 'http';
    const fallback = new HttpFallback(this.spec, uploads, { access, protection: protectionOf(this.spec) });
    fallback.onNodeRate = (kbps) => this.setRate({ target_rate_kbps: kbps });
    this.#part = fallback;
    this.#check();
    await fallback.run();
  }
}
