import type { ControlMessage, FileChecksum } from '@rapid/protocol';
import { decideRanges, type ResumePolicy } from '../fs/resume-plan.ts';
import { burstDatagrams, localReceiveBufferBytes } from '../rate/burst-budget.ts';
import { effectiveRate, type RateLimits } from '../rate/effective-rate.ts';
import { RateController, type RateSettings } from '../rate/rate-controller.ts';
import { TokenBucket } from '../rate/token-bucket.ts';
import { ExtentMap } from '../receiver/extent-map.ts';
import { type BlockRef, RetransmitQueue } from '../reliability/retransmit-queue.ts';
import { PacketFlag, PacketType } from '../wire/packet.ts';
import type { PacketCodec, Role } from '../wire/packet-codec.ts';
import type { ControlLink } from './control-link.ts';
import { FEEDBACK_DATAGRAMS, FEEDBACK_MS } from './feedback-cadence.ts';
import { failUnfinished, newFileProgress } from './file-progress.ts';
import { traceRate } from './rate-trace.ts';
import {
  type DataLink,
  type FileProgress,
  nowUs32,
  peerFailure,
  type SessionCounters,
  type SessionError,
  sessionError,
} from './session-types.ts';
import { plainSourceAccess, type SourceAccess } from './source-access.ts';

export interface SenderFile {
  /** Destination-relative path offered to the receiver. */
  path: string;
  /** Local path to read. */
  source: string;
  size: number;
  mtime_ms: number;
}

export interface SenderOptions {
  control: ControlLink;
  data: DataLink;
  codec: PacketCodec;
  role: Role;
  sessionId: number;
  dgramSize: number;
  rate: RateSettings;
  resume: ResumePolicy;
  fileChecksum: FileChecksum;
  files: SenderFile[];
  stallMs?: number;
  /** Node side: caps and locks applied to rate changes the client asks for. */
  limits?: RateLimits;
  onProgress?: () => void;
  /** How the offered bytes are read (default: the files themselves). */
  access?: SourceAccess;
  /**
   * Resolves once datagrams can reach the receiver (the client's probe answered, the node's peer known). The
   * `decision` and the data wait for it; the offer and the plan go ahead meanwhile.
   */
  dataPath?: Promise<unknown>;
  /** Sessions the node serves, this one included (the node's own count, or the client's from `accept`). */
  nodeSessions?: () => number;
  /** The client sent the `offer` beside its `hello` (`offerOf`), a round trip before the sender existed. */
  offerSent?: boolean;
  /**
   * The receiver said it takes every byte (`hello.takes_all`): data starts on the data path without waiting for the
   * plan, which can only confirm it; a file the plan skips (one the receiver cannot write) is no longer sent.
   */
  planAhead?: boolean;
}

/** The `offer` of these files (PROTOCOL.md §1.3). */
export function offerOf(files: SenderFile[]): ControlMessage {
  return {
    t: 'offer',
    files: files.map((file, index) => ({ index, path: file.path, size: file.size, mtime_ms: file.mtime_ms })),
  };
}

const STATUS_INTERVAL_MS = 50;
/** Statuses remembered for round-trip samples: an echo older than this many intervals is no use. */
const STATUS_ECHO_WINDOW = 64;
const MAX_BACKLOG = 512;
const BURST = 256;
/** Files opened ahead of the one being sent. */
const PREFETCH_FILES = 32;

/** The sending end of a session (PROTOCOL.md §1.3, §2.3, §3): offer, plan, paced data, retransmission, completion. */
export class Sender {
  readonly files: FileProgress[];
  readonly counters: SessionCounters;
  readonly controller: RateController;
  #bucket: TokenBucket;
  /** Datagrams handed to the socket back to back at most: a share of the receiver's granted buffer (burst-budget.ts). */
  #burst = BURST;
  #queue = new RetransmitQueue();
  #reader: SourceAccess;
  #work: { index: number; start: number; end: number }[] = [];
  #staged: { seq: number; block: BlockRef; retransmission: boolean } | undefined;
  #nextSeq = 1;
  /** Highest sequence number actually handed to the socket; a staged block waiting for tokens is not in flight. */
  #highestSent = 0;
  #ready = false;
  #starting = false;
  #paused = false;
  #scheduled = false;
  #finished = false;
  #lastFeedback = performance.now();
  #resumed = 0;
  /** Files with their `file_done` (counted, not searched: a search per file is quadratic in the file count). */
  #ended = 0;
  /** When each of the latest numbered statuses went out, for round-trip samples from the feedback that echoes one. */
  #statusSentAt = new Map<number, number>();
  #statusId = 0;
  /** Smoothed round trip of the control channel, ms (undefined until measured). */
  #rttMs: number | undefined;
  #timers: NodeJS.Timeout[] = [];
  #settle: { resolve: () => void; reject: (error: Error) => void } | undefined;

  constructor(private readonly options: SenderOptions) {
    this.files = options.files.map((file, index) => newFileProgress(index, file.path, file.size));
    this.counters = {
      bytesTransferred: 0,
      bytesLost: 0,
      bytesWritten: 0,
      bytesExpected: options.files.reduce((sum, file) => sum + file.size, 0),
      rateKbps: 0,
    };
    this.controller = new RateController(options.rate, options.nodeSessions?.() ?? 1);
    // Room for a few whole datagrams: with 64 KB datagrams a one-packet bucket would lose every timer's lateness.
    this.#bucket = new TokenBucket(
      this.controller.rateKbps * 1000,
      undefined,
      undefined,
      Math.max(65_536, 3 * options.codec.payloadCapacity(options.dgramSize)),
    );
    this.#reader = options.access ?? plainSourceAccess(options.files);
    this.#paceTo(localReceiveBufferBytes());
  }

  /**
   * Paces to the receiver's socket buffer as granted (this machine's rmem_max until the receiver's feedback says):
   * neither one turn's burst nor what the bucket banks after a pause fills more than a share of it. With UDP GSO a
   * turn's datagrams leave in one system call and land in that buffer at once.
   */
  #paceTo(receiverBufferBytes: number): void {
    const datagrams = burstDatagrams(receiverBufferBytes, this.options.dgramSize);
    this.#burst = Math.min(BURST, datagrams);
    const payload = this.options.codec.payloadCapacity(this.options.dgramSize);
    this.#bucket.setMaxDepth(Math.max(payload, datagrams * payload));
  }

  run(): Promise<void> {
    const { control } = this.options;
    return new Promise<void>((resolve, reject) => {
      this.#settle = { resolve, reject };
      control.onMessage((message) => this.#onMessage(message));
      control.onClose(() => this.#fail(sessionError(12, 'control connection lost')));
      if (!this.options.offerSent) control.send(offerOf(this.options.files));
      if (this.options.planAhead) this.#planAhead();
      this.#timers.push(setInterval(() => this.#tick(), STATUS_INTERVAL_MS));
    }).finally(() => this.#stop());
  }

  setRate(settings: RateSettings): void {
    this.controller.update(settings);
    this.#bucket.setRate(this.controller.rateKbps * 1000);
  }

  pause(): void {
    this.#paused = true;
  }

  resume(): void {
    this.#paused = false;
    this.#lastFeedback = performance.now();
    this.#schedule();
  }

  abort(error: SessionError): void {
    this.#fail(error);
  }

  #tick(): void {
    if (this.#finished) return;
    const id = ++this.#statusId;
    this.#statusSentAt.set(id, performance.now());
    this.#statusSentAt.delete(id - STATUS_ECHO_WINDOW);
    this.options.control.send({
      t: 'status',
      next_seq: this.#highestSent + 1,
      sent_bytes: this.counters.bytesTransferred,
      retransmitted_bytes: this.counters.bytesLost,
      id,
    });
    if (!this.#paused && performance.now() - this.#lastFeedback > (this.options.stallMs ?? 20_000)) {
      this.#fail(sessionError(40, 'no progress from the receiver'));
    }
  }

  /**
   * At this rate the receiver gets fewer than FEEDBACK_DATAGRAMS datagrams per feedback interval, so it answers less
   * often on purpose; a fast session's late feedback is a stall, whose length must not count as climbing time.
   */
  #answersSlowly(): boolean {
    const perInterval = (this.counters.rateKbps * 1000 * FEEDBACK_MS) / 1000 / 8;
    return perInterval < FEEDBACK_DATAGRAMS * this.options.dgramSize;
  }

  #onMessage(message: ControlMessage): void {
    switch (message.t) {
      case 'plan':
        if (this.options.planAhead) {
          this.#dropSkipped(message.files);
          break;
        }
        this.#onPlan(message.files).then(
          () => {
            if (message.ready) this.#start();
          },
          (error) => this.#fail(sessionError(35, `cannot read source: ${error}`)),
        );
        break;
      case 'ready':
        this.#start();
        break;
      case 'feedback': {
        const previousFeedback = this.#lastFeedback;
        this.#lastFeedback = performance.now();
        this.#sampleRtt(message.status_id, message.status_held_us);
        this.#queue.acknowledgeBelow(message.cum_ack);
        if (this.#queue.nack(message.nack) > 0) this.#schedule();
        this.counters.bytesWritten = this.#resumed + message.received_bytes;
        const sharedBy = message.node_sessions ?? this.options.nodeSessions?.();
        this.counters.rateKbps = this.controller.onFeedback({
          loss: message.loss,
          queueDelayUs: message.queue_delay_us,
          receiverDrops: message.rx_drops ?? 0,
          diskQueueBytes: message.disk_queue_bytes ?? 0,
          ...(message.rx_buffer_bytes !== undefined ? { receiverBufferBytes: message.rx_buffer_bytes } : {}),
          ...(message.rx_queue_bytes !== undefined ? { receiverQueuedBytes: message.rx_queue_bytes } : {}),
          receivedKbps: message.rate_kbps,
          atMs: this.#lastFeedback,
          ...(this.#answersSlowly() ? { intervalMs: this.#lastFeedback - previousFeedback } : {}),
          ...(this.#rttMs !== undefined ? { rttMs: this.#rttMs } : {}),
          ...(sharedBy !== undefined ? { sharedBy } : {}),
        });
        this.#bucket.setRate(this.counters.rateKbps * 1000);
        if (message.rx_buffer_bytes) this.#paceTo(message.rx_buffer_bytes);
        traceRate(this.options.sessionId, this.options.role, message, this.counters.rateKbps);
        this.options.onProgress?.();
        break;
      }
      case 'file_complete':
        this.#verify(message.index, message.checksum).catch((error) =>
          this.#fail(sessionError(35, `cannot checksum source: ${error}`)),
        );
        break;
      case 'file_done':
        this.#onFileDone(message.index, message.status, message.error_code, message.error_desc);
        break;
      case 'files_done':
        for (const index of message.completed) this.#onFileDone(index, 'completed', 0, '');
        break;
      case 'rate':
        this.setRate(
          this.options.limits
            ? effectiveRate(this.controller.settings, definedRate(message), this.options.limits)
            : { ...this.controller.settings, ...definedRate(message) },
        );
        break;
      case 'pause':
        this.pause();
        break;
      case 'resume':
        this.resume();
        break;
      case 'cancel':
      case 'error':
        this.#fail(peerFailure(message));
        break;
      default:
        break;
    }
  }

  async #onPlan(
    plans: {
      index: number;
      action: string;
      have: [number, number][];
      samples: { start: number; end: number; sha256: string }[];
      head?: string | undefined;
    }[],
  ) {
    const decisions: { index: number; drop: [number, number][]; skip: boolean }[] = [];
    for (const plan of plans) {
      const file = this.files[plan.index];
      const source = this.options.files[plan.index];
      if (!file || !source) continue;
      if (plan.action === 'skip') {
        decisions.push({ index: plan.index, drop: [], skip: true });
        continue;
      }
      const have = plan.have.map(([start, end]) => ({ start, end }));
      if (plan.head && this.#reader.adopt)
        await this.#reader.adopt(plan.index, Buffer.from(plan.head, 'base64'));
      const drop =
        plan.samples.length > 0
          ? await decideRanges(
              (start, end) => this.#reader.rangeSha256(plan.index, start, end),
              { have, samples: plan.samples },
              this.options.resume,
            )
          : [];
      if (plan.action === 'compare' && drop.length === 0) {
        decisions.push({ index: plan.index, drop: [], skip: true });
        continue;
      }
      const kept = new ExtentMap(file.size);
      if (plan.action === 'send') for (const extent of have) kept.add(extent.start, extent.end);
      const dropped = plan.action === 'compare' ? have : drop;
      for (const gap of dropped) kept.remove(gap.start, gap.end);
      file.startByte = kept.receivedBytes;
      file.bytesWritten = kept.receivedBytes;
      this.#resumed += kept.receivedBytes;
      for (const gap of kept.missing())
        this.#work.push({ index: plan.index, start: gap.start, end: gap.end });
      decisions.push({ index: plan.index, drop: dropped.map((d) => [d.start, d.end]), skip: false });
    }
    this.counters.bytesWritten = this.#resumed;
    // A receiver that waits for the decision opens its files on it: not before datagrams are known to get through.
    await this.options.dataPath;
    if (this.#finished) return;
    this.options.control.send({ t: 'decision', files: decisions });
  }

  #planAhead(): void {
    const every = this.options.files.map((_, index) => ({ index, action: 'send', have: [], samples: [] }));
    this.#onPlan(every).then(
      () => this.#start(),
      (error) => this.#fail(sessionError(35, `cannot read source: ${error}`)),
    );
  }

  /** After planning ahead, the receiver's plan only takes files away: those it skips (it cannot write them). */
  #dropSkipped(plans: { index: number; action: string }[]): void {
    const skipped = new Set(plans.filter((plan) => plan.action === 'skip').map((plan) => plan.index));
    if (skipped.size > 0) this.#work = this.#work.filter((work) => !skipped.has(work.index));
  }

  /** A round-trip sample from a feedback that echoes a status: from the status leaving to the echo arriving, less the
   * time the receiver held it. */
  #sampleRtt(id: number | undefined, heldUs: number | undefined): void {
    if (id === undefined) return;
    const sentAt = this.#statusSentAt.get(id);
    if (sentAt === undefined) return;
    const sample = Math.max(0, performance.now() - sentAt - (heldUs ?? 0) / 1000);
    this.#rttMs = this.#rttMs === undefined ? sample : 0.875 * this.#rttMs + 0.125 * sample;
  }

  /** Data flows: on `ready`, or on a plan the receiver already applied, once the data path is known. */
  #start(): void {
    if (this.#starting) return;
    this.#starting = true;
    void Promise.resolve(this.options.dataPath).then(() => {
      if (this.#finished) return;
      if (this.files.length === 0) {
        this.options.control.send({ t: 'done' });
        this.#finished = true;
        this.#settle?.resolve();
        return;
      }
      this.#ready = true;
      this.#prefetchAhead();
      this.#lastFeedback = performance.now();
      this.#schedule();
    });
  }

  async #verify(index: number, theirs: string | undefined): Promise<void> {
    const source = this.options.files[index];
    if (!source || this.options.fileChecksum === 'none') return;
    const ours = await this.#reader.checksum(index, this.options.fileChecksum);
    this.options.control.send({ t: 'file_verdict', index, ok: ours === theirs, checksum: ours });
  }

  #onFileDone(index: number, status: 'completed' | 'failed' | 'skipped', code: number, desc: string): void {
    const file = this.files[index];
    if (!file || file.status === 'completed' || file.status === 'failed' || file.status === 'skipped') return;
    file.status = status;
    file.errorCode = code;
    file.errorDesc = desc;
    file.endMs = Date.now();
    if (file.startMs === 0) file.startMs = file.endMs;
    if (status !== 'failed') file.bytesWritten = file.size;
    // A receiver may fail a file before it has every byte (it cannot open or write it): what is left is not sent.
    else this.#work = this.#work.filter((work) => work.index !== index);
    this.#reader.release(index);
    this.#ended++;
    this.options.onProgress?.();
    if (this.#ended === this.files.length) {
      this.counters.bytesWritten = this.files.reduce((sum, f) => sum + f.bytesWritten, 0);
      this.options.control.send({ t: 'done' });
      this.#finished = true;
      this.#settle?.resolve();
    }
  }

  #schedule(delayMs = 0): void {
    if (this.#scheduled || this.#finished) return;
    this.#scheduled = true;
    const run = () => {
      this.#scheduled = false;
      this.#pump();
    };
    if (delayMs <= 0) setImmediate(run);
    else setTimeout(run, Math.max(1, delayMs));
  }

  #stage(): boolean {
    if (this.#staged) return true;
    const again = this.#queue.next();
    if (again) {
      this.#staged = { ...again, retransmission: true };
      return true;
    }
    const work = this.#work[0];
    if (!work) return false;
    const length = Math.min(
      this.options.codec.payloadCapacity(this.options.dgramSize),
      work.end - work.start,
    );
    const block = { fileIndex: work.index, offset: work.start, length };
    work.start += length;
    if (work.start >= work.end) {
      this.#work.shift();
      this.#prefetchAhead();
    }
    const seq = this.#nextSeq++;
    this.#queue.sent(seq, block);
    this.#staged = { seq, block, retransmission: false };
    return true;
  }

  /** Opens the next files to send on the thread pool, so the pump never waits for a file to open. */
  #prefetchAhead(): void {
    const prefetch = this.#reader.prefetch;
    if (!prefetch) return;
    for (const work of this.#work.slice(0, PREFETCH_FILES)) prefetch.call(this.#reader, work.index);
  }

  #pump(): void {
    if (!this.#ready || this.#paused || this.#finished) return;
    for (let sent = 0; sent < this.#burst; sent++) {
      if (this.options.data.backlog() > MAX_BACKLOG) {
        this.#schedule(1);
        return;
      }
      if (!this.#stage()) return;
      const staged = this.#staged as { seq: number; block: BlockRef; retransmission: boolean };
      const { fileIndex, offset, length } = staged.block;
      const reading = this.#reader.whenReadable?.(fileIndex, offset, length);
      if (reading) {
        // Sent once its chunk is in memory: the event loop never waits for the disk.
        void reading.then(() => this.#schedule());
        return;
      }
      if (!this.#bucket.tryTake(length)) {
        this.#schedule(this.#bucket.waitMs(length));
        return;
      }
      this.#staged = undefined;
      const { block } = staged;
      let payload: Buffer;
      try {
        payload = this.#reader.read(block.fileIndex, block.offset, block.length);
      } catch (error) {
        this.#fail(sessionError(35, `cannot read source: ${(error as Error).message}`));
        return;
      }
      const packet = this.options.codec.sealParts(
        this.options.role,
        {
          type: PacketType.data,
          flags: staged.retransmission ? PacketFlag.retransmission : 0,
          sessionId: this.options.sessionId,
          seq: staged.seq,
          fileIndex: block.fileIndex,
          offset: block.offset,
          sendUs: nowUs32(),
        },
        payload,
      );
      this.options.data.send(packet);
      const file = this.files[block.fileIndex];
      if (staged.retransmission) this.counters.bytesLost += block.length;
      else {
        this.#highestSent = staged.seq;
        this.counters.bytesTransferred += block.length;
        if (file && file.status === 'queued') {
          file.status = 'transferring';
          file.startMs = Date.now();
        }
        if (file) file.bytesWritten = Math.min(file.size, file.bytesWritten + block.length);
      }
    }
    this.#schedule();
  }

  #fail(error: SessionError): void {
    if (this.#finished) return;
    this.#finished = true;
    failUnfinished(this.files, error);
    this.#settle?.reject(error);
  }

  #stop(): void {
    this.#finished = true;
    for (const timer of this.#timers) clearInterval(timer);
    this.#reader.close();
  }
}

function definedRate(message: {
  target_rate_kbps?: number | undefined;
  min_rate_kbps?: number | undefined;
  rate_policy?: RateSettings['rate_policy'] | undefined;
}): Partial<RateSettings> {
  const out: Partial<RateSettings> = {};
  if (message.target_rate_kbps !== undefined) out.target_rate_kbps = message.target_rate_kbps;
  if (message.min_rate_kbps !== undefined) out.min_rate_kbps = message.min_rate_kbps;
  if (message.rate_policy !== undefined) out.rate_policy = message.rate_policy;
  return out;
}
