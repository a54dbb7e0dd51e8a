import { isAbsolute, join } from 'node:path';
import type { RapidTransferSpec } from '@rapid/protocol';
import { type FoundFile, walkFiles } from '../fs/walk-files.ts';
import { protectionOf, protectUploads } from '../protect/content-protection.ts';
import { effectiveRate } from '../rate/effective-rate.ts';
import type { RateSettings } from '../rate/rate-controller.ts';
import { socketDropCounter } from '../receiver/socket-drops.ts';
import { ControlLink } from '../session/control-link.ts';
import { Receiver } from '../session/receiver.ts';
import { Sender } from '../session/sender.ts';
import {
  type FileProgress,
  type SessionCounters,
  SessionError,
  sessionError,
} from '../session/session-types.ts';
import type { SourceAccess } from '../session/source-access.ts';
import { PacketCodec } from '../wire/packet-codec.ts';
import { mtuTowards } from '../wire/path-mtu.ts';
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
import { openUdp, probeUdp } from './udp-probe.ts';

/** How long a client probes once the node has said it receives the probes (PROTOCOL.md §2.4). */
const PROBE_SEEN_MS = 20_000;

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
    const socket = await connectControl(spec.remote_host, spec.ssh_port ?? DEFAULT_PORT, spec.sshfp);
    const link = new ControlLink(socket);
    this.#link = link;
    this.#check();
    const resume = resumePolicyOf(spec);
    link.send(helloOf(spec, this.#rate, mtu));
    let accept: Awaited<ReturnType<ControlLink['next']>>;
    try {
      accept = await link.next(15_000);
    } catch (error) {
      throw this.#aborted ?? sessionError(12, `control channel: ${(error as Error).message}`);
    }
    if (accept.t === 'error') throw new SessionError(accept.code, accept.desc, accept.retryable);
    if (accept.t !== 'accept') throw sessionError(12, `unexpected ${accept.t} before accept`);
    const requested = dgramSizeOf(spec);
    if (requested > 0 && accept.dgram_size !== requested)
      throw sessionError(12, `node chose datagram size ${accept.dgram_size}, not the ${requested} asked for`);
    this.#rate = accept.rate;
    const codec = new PacketCodec(
      accept.key ? Buffer.from(accept.key, 'base64') : undefined,
      Buffer.from(accept.salt, 'base64'),
    );
    // The probe runs beside the offer and the plan instead of before them (a round trip less): the decision, which
    // makes a receiver open files, and the data wait for it. Without an answer, UDP is blocked.
    const udp = await openUdp(spec.remote_host, spec.fasp_port ?? DEFAULT_PORT);
    // A node that has seen a probe says so: then a lost answer means a congested path, not a blocked one, and probing
    // goes on (up to PROBE_SEEN_MS) instead of falling back to HTTPS, which would bypass the congestion.
    let probeSeen = false;
    link.watch('probe_seen', () => {
      probeSeen = true;
    });
    const probeMs = this.options.probeTimeoutMs ?? 3000;
    const probed = probeUdp(
      udp,
      codec,
      accept.session_id,
      probeMs,
      () => probeSeen,
      Math.max(probeMs, PROBE_SEEN_MS),
    );
    const dataPath = probed.then((ok) => (ok ? undefined : new Promise<never>(() => {})));
    const common = {
      control: link,
      codec,
      sessionId: accept.session_id,
      stallMs: this.options.stallMs,
      onProgress: this.options.onProgress,
      dataPath,
    };
    let part: Sender | Receiver;
    if (spec.direction === 'send') {
      part = new Sender({
        ...common,
        data: {
          send: (packet) => udp.socket.send(packet),
          backlog: () => udp.socket.getSendQueueCount(),
        },
        role: 'client',
        dgramSize: accept.dgram_size,
        rate: this.#rate,
        nodeSessions: () => accept.node_sessions ?? 1,
        resume,
        fileChecksum: spec.file_checksum ?? 'none',
        files: uploads,
        ...(access ? { access } : {}),
      });
    } else {
      const destination = new LocalDestination(spec, protection);
      const preserveTimes = spec.preserve_times ?? spec.preserve_modification_time ?? false;
      const finalizeFile = destination.finalizer(preserveTimes);
      const receiver = new Receiver({
        ...common,
        peerRole: 'node',
        socketDrops: socketDropCounter(udp.socket.address().port),
        resolveDestination: (path, count) => destination.resolve(path, count),
        ...(finalizeFile ? { finalizeFile } : {}),
        resume,
        overwrite: overwritePolicyOf(spec),
        preserveTimes: spec.preserve_times ?? spec.preserve_modification_time ?? false,
        fileChecksum: spec.file_checksum ?? 'none',
        filesDone: accept.accepts_files_done === true,
      });
      udp.socket.on('message', (packet) => receiver.onDatagram(packet));
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
      udp.socket.close();
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
