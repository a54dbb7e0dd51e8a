import type { ControlMessage, FileChecksum } from '@rapid/protocol';
import { fileChecksum } from '../fs/checksum.ts';
import { FinalizeBatch } from '../fs/finalize-batch.ts';
import { FolderNames } from '../fs/folder-names.ts';
import { checkpointPath, PartialFile, partialPath } from '../fs/partial-file.ts';
import { type OverwritePolicy, planFile, type ResumePolicy } from '../fs/resume-plan.ts';
import { WHOLE_FILE_BYTES, WholeFile } from '../fs/whole-file.ts';
import { QueueDelay } from '../rate/queue-delay.ts';
import { type Extent, ExtentMap } from '../receiver/extent-map.ts';
import { LossTracker } from '../reliability/loss-tracker.ts';
import { PacketType, readHeader } from '../wire/packet.ts';
import type { PacketCodec, Role } from '../wire/packet-codec.ts';
import type { ControlLink } from './control-link.ts';
import { FEEDBACK_DATAGRAMS, FEEDBACK_MAX_MS, FEEDBACK_MS } from './feedback-cadence.ts';
import { failUnfinished, newFileProgress } from './file-progress.ts';
import {
  type FileProgress,
  nowUs32,
  peerFailure,
  type SessionCounters,
  type SessionError,
  sessionError,
} from './session-types.ts';

export interface ReceiverOptions {
  control: ControlLink;
  codec: PacketCodec;
  /** Role of the sending end, whose nonces the packets use. */
  peerRole: Role;
  sessionId: number;
  /** Maps an offered path (of `count` offered) to a confined local path; throws (with a numeric `code`) to refuse it. */
  resolveDestination: (path: string, count: number) => string;
  /** Puts a complete partial file in place (default: rename it; `content_protection` decrypts it instead). */
  finalizeFile?: (partial: PartialFile) => Promise<void>;
  resume: ResumePolicy;
  overwrite: OverwritePolicy;
  preserveTimes: boolean;
  fileChecksum: FileChecksum;
  stallMs?: number;
  /** A fixed NACK repeat interval instead of the measured one. */
  nackRepeatMs?: number;
  /** The sender takes `files_done`: completions of one event-loop turn go out as one message. */
  filesDone?: boolean;
  /** Datagrams the receiving socket dropped since the last call (its buffer overflowed), reported to the sender. */
  socketDrops?: () => number;
  /** The receiving socket's buffer in bytes, reported to the sender, whose rate control keeps its queue short of it. */
  socketBufferBytes?: number;
  /** Bytes waiting in the receiving socket's buffer now: the receiver's own backlog, reported with each feedback. */
  socketQueuedBytes?: () => number;
  /** A receiving node: the sessions it serves, told to the sender with each feedback. */
  nodeSessions?: () => number;
  onProgress?: () => void;
  /** Resolves once the sender's datagrams can arrive (the client's probe answered): a decision opens files only then. */
  dataPath?: Promise<unknown>;
}

interface Slot {
  finalPath: string;
  size: number;
  mtimeMs: number;
  keep: Extent[];
  state: 'planned' | 'receiving' | 'verifying' | 'done';
  /** A small fresh file is gathered in memory and written whole (`WholeFile`), any other into its `.partial`. */
  partial: PartialFile | WholeFile | undefined;
  whole?: boolean;
  /** An open on the thread pool is under way; blocks arriving meanwhile wait in `early`. */
  opening?: boolean;
  early?: { offset: number; payload: Buffer }[];
  /** An earlier session's checkpoint may lie beside the target (false: its folder was listed without one). */
  staleCheckpoint: boolean;
}

const PERSIST_MS = 200;
/** A checkpoint also every this many bytes written, so a crash at a high rate costs at most about this much. */
const PERSIST_BYTES = 16 * 1024 * 1024;
/** The longest a NACK waits before it is repeated (PROTOCOL.md §2.3). */
const NACK_REPEAT_MS = 300;
/** A gap younger than this is not NACKed yet: a packet overtaken on the path arrives a moment later. */
const REORDER_MS = 5;
/**
 * Bytes a file may have queued for the disk. Beyond it the receiver drops datagrams before counting them, so they
 * are NACKed and re-sent: a disk slower than the network shows up as loss the sender's rate control answers.
 */
const MAX_QUEUED_BYTES = 64 * 1024 * 1024;
/** Datagrams held until the plan is applied: a round trip of data at a few Gbit/s. */
const MAX_HELD_BYTES = 32 * 1024 * 1024;
/** Complete small files written ahead of their finalisation batch, at most (one batch's worth). */
const WRITES_AHEAD = 512;
/** Files opened ahead of the highest file index data has arrived for (senders send files in order). */
const OPEN_AHEAD = 32;

/** The receiving end of a session: plan, positional writes, loss detection and NACKs, checkpoints, completion. */
export class Receiver {
  files: FileProgress[] = [];
  readonly counters: SessionCounters = {
    bytesTransferred: 0,
    bytesLost: 0,
    bytesWritten: 0,
    bytesExpected: 0,
    rateKbps: 0,
  };
  #slots: Slot[] = [];
  /** The slots with a file open: what checkpoints and the disk queue look at, not every slot of the session. */
  #holding = new Set<Slot>();
  /** Highest file index data has arrived for, and the next file index to open ahead. */
  #highestFile = -1;
  #openCursor = 0;
  /** Files put in place with durability per batch: one sync for many small files. */
  #batch = new FinalizeBatch();
  /** Complete small files handed to the batch whose bytes may still be only in memory; written ahead of their batch. */
  #inMemory = new Set<WholeFile>();
  #writesAhead = 0;
  #tracker = new LossTracker();
  #timers: NodeJS.Timeout[] = [];
  #finished = false;
  #lastActivity = performance.now();
  #delay = new QueueDelay();
  #intervalBytes = 0;
  #intervalDatagrams = 0;
  #lastFeedback = performance.now();
  /** The plan was applied as the receiver's own decision (no sample to check): the sender's decision changes nothing. */
  #planApplied = false;
  /** Datagrams that came before the plan was applied (a sender that planned ahead, §1.3), replayed after it. */
  #held: { packet: Buffer; atUs: number; atMs: number; opened: boolean }[] | undefined = [];
  #heldBytes = 0;
  /** The latest status the sender numbered, echoed in the next feedback so the sender can time the round trip. */
  #statusEcho: { id: number; at: number } | undefined;
  #settle: { resolve: () => void; reject: (error: Error) => void } | undefined;
  /** Files whose outcome the sender has been sent (counted once each, so the last one is found without a scan). */
  #reported = new Set<number>();
  /** Completed files not reported yet (`files_done`). */
  #completed: number[] = [];

  constructor(private readonly options: ReceiverOptions) {}

  run(): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.#settle = { resolve, reject };
      this.options.control.onMessage((message) => this.#onMessage(message));
      this.options.control.onClose(() => this.#fail(sessionError(12, 'control connection lost')));
      this.#timers.push(setInterval(() => this.#feedback(), FEEDBACK_MS));
      this.#timers.push(setInterval(() => this.#persist(), PERSIST_MS));
    }).finally(() => this.#stop());
  }

  abort(error: SessionError): void {
    this.#fail(error);
  }

  #onMessage(message: ControlMessage): void {
    this.#lastActivity = performance.now();
    switch (message.t) {
      case 'offer':
        this.#onOffer(message.files).catch((error) => this.#fail(sessionError(36, `cannot plan: ${error}`)));
        break;
      case 'decision':
        this.#onDecision(message.files).catch((error) =>
          this.#fail(sessionError(36, `cannot plan: ${error}`)),
        );
        break;
      case 'status':
        if (message.id !== undefined) this.#statusEcho = { id: message.id, at: performance.now() };
        this.#tracker.onSenderStatus(message.next_seq, performance.now());
        this.counters.bytesLost = message.retransmitted_bytes;
        break;
      case 'file_verdict':
        this.#onVerdict(message.index, message.ok);
        break;
      case 'done':
        this.#end();
        break;
      case 'cancel':
      case 'error':
        this.#fail(peerFailure(message));
        break;
      default:
        break;
    }
  }

  async #onOffer(offered: { index: number; path: string; size: number; mtime_ms: number }[]): Promise<void> {
    const plans = [];
    this.files = offered.map((file) => newFileProgress(file.index, file.path, file.size));
    this.counters.bytesExpected = offered.reduce((sum, file) => sum + file.size, 0);
    const resolved = offered.map((file) => {
      try {
        const finalPath = this.options.resolveDestination(file.path, offered.length);
        PartialFile.assertFree(finalPath);
        return finalPath;
      } catch (error) {
        return error as Error;
      }
    });
    const names = new FolderNames(resolved.filter((path) => typeof path === 'string'));
    for (const [i, file] of offered.entries()) {
      const finalPath = resolved[i] as string | Error;
      if (typeof finalPath !== 'string') {
        const error = finalPath;
        this.#slots[file.index] = {
          finalPath: '',
          size: file.size,
          mtimeMs: file.mtime_ms,
          keep: [],
          state: 'done',
          partial: undefined,
          staleCheckpoint: false,
        };
        this.#failFile(file.index, (error as { code?: number }).code ?? 41, error.message, false);
        plans.push({ index: file.index, action: 'skip' as const, have: [], samples: [] });
        continue;
      }
      const plan = await planFile(finalPath, file, this.options.resume, this.options.overwrite, names);
      this.#slots[file.index] = {
        finalPath,
        size: file.size,
        mtimeMs: file.mtime_ms,
        keep: plan.have,
        state: 'planned',
        partial: undefined,
        staleCheckpoint: names.mayExist(checkpointPath(finalPath)),
      };
      plans.push({
        index: file.index,
        action: plan.action,
        have: plan.have.map((e) => [e.start, e.end] as [number, number]),
        samples: plan.samples,
        ...(plan.head ? { head: plan.head } : {}),
      });
    }
    // Without a sample to check, the sender's decision can only confirm the plan: apply it now and take data at once
    // (one round trip less). Files open as their data arrives, so nothing is created before datagrams get through.
    // The plan goes first: a skipped file's file_done must not reach the sender before the plan that offers it.
    const applied = plans.every((plan) => plan.samples.length === 0 && plan.action !== 'compare');
    this.options.control.send({ t: 'plan', files: plans, ...(applied ? { ready: true } : {}) });
    if (applied) {
      this.#planApplied = true;
      // Files that need data take it from now on; a skip or a file already whole is settled once datagrams are known
      // to get through, so a session that falls back to HTTPS leaves nothing done behind it.
      const decisions = plans.map((plan) => ({ index: plan.index, drop: [], skip: plan.action === 'skip' }));
      const settled = (index: number) => {
        const slot = this.#slots[index];
        return slot !== undefined && slot.keep.reduce((sum, e) => sum + e.end - e.start, 0) >= slot.size;
      };
      const later = decisions.filter((decision) => decision.skip || settled(decision.index));
      this.#apply(decisions.filter((decision) => !later.includes(decision)));
      if (later.length > 0)
        void Promise.resolve(this.options.dataPath).then(() => {
          if (!this.#finished) this.#apply(later);
        });
    }
  }

  async #onDecision(decisions: { index: number; drop: [number, number][]; skip: boolean }[]): Promise<void> {
    if (!this.#planApplied) {
      await this.options.dataPath;
      if (this.#finished) return;
      this.#apply(decisions);
      this.#openAhead();
    }
    this.options.control.send({ t: 'ready' });
  }

  #apply(decisions: { index: number; drop: [number, number][]; skip: boolean }[]): void {
    for (const decision of decisions) {
      const slot = this.#slots[decision.index];
      const file = this.files[decision.index];
      if (!slot || !file || slot.state === 'done') continue;
      if (decision.skip) {
        slot.state = 'done';
        file.status = 'skipped';
        file.bytesWritten = file.size;
        this.#reported.add(decision.index);
        this.options.control.send({
          t: 'file_done',
          index: decision.index,
          status: 'skipped',
          error_code: 0,
          error_desc: '',
        });
        continue;
      }
      const keep = new ExtentMap(slot.size);
      for (const extent of slot.keep) keep.add(extent.start, extent.end);
      for (const [start, end] of decision.drop) keep.remove(start, end);
      slot.keep = keep.toJSON().extents;
      file.startByte = keep.receivedBytes;
      file.bytesWritten = keep.receivedBytes;
      slot.state = 'receiving';
      slot.whole = slot.keep.length === 0 && slot.size <= WHOLE_FILE_BYTES && !this.options.finalizeFile;
      if (keep.isComplete) this.#openAndComplete(decision.index);
    }
    this.counters.bytesWritten = this.files.reduce((sum, f) => sum + f.bytesWritten, 0);
    this.#settleIfAllReported();
    const held = this.#held;
    this.#held = undefined;
    for (const { packet, atUs, atMs, opened } of held ?? []) this.#onDatagram(packet, atUs, atMs, opened);
  }

  /** `opened`: the drain thread already opened it in place (ThreadSocket.openOnThread), its tag checked there. */
  onDatagram(packet: Buffer, opened = false): void {
    this.#onDatagram(packet, nowUs32(), performance.now(), opened);
  }

  /** `atUs`/`atMs`: when the datagram arrived, so a held one does not read as queueing delay. */
  #onDatagram(packet: Buffer, atUs: number, atMs: number, openedOnThread: boolean): void {
    if (this.#held) {
      // Not counted as received, so one dropped past the limit is asked for again like any loss.
      if (this.#heldBytes + packet.length <= MAX_HELD_BYTES) {
        this.#held.push({ packet, atUs, atMs, opened: openedOnThread });
        this.#heldBytes += packet.length;
      }
      return;
    }
    // Drops decided from the header alone come before the costly open (decryption): a duplicate, or a packet for a
    // file whose disk queue is full. The header is not yet authenticated, but a forged one can only get itself
    // dropped: a genuine packet is never judged by another packet's header.
    const peeked = readHeader(packet);
    if (!peeked || this.#tracker.has(peeked.seq)) return;
    const queued = this.#slots[peeked.fileIndex]?.partial;
    if (queued && queued.queuedBytes > MAX_QUEUED_BYTES) return;
    const opened = openedOnThread
      ? this.options.codec.opened(packet, peeked)
      : this.options.codec.open(this.options.peerRole, packet);
    if (
      !opened ||
      opened.header.type !== PacketType.data ||
      opened.header.sessionId !== this.options.sessionId
    )
      return;
    const { header, payload } = opened;
    this.#lastActivity = atMs;
    this.#delay.add(atUs, header.sendUs);
    const slot = this.#slots[header.fileIndex];
    if (!this.#tracker.onPacket(header.seq, this.#lastActivity)) return;
    const file = this.files[header.fileIndex];
    if (!slot || !file || slot.state !== 'receiving' || header.offset + payload.length > slot.size) return;
    if (header.fileIndex > this.#highestFile) {
      this.#highestFile = header.fileIndex;
      this.#openAhead();
    }
    if (slot.opening) {
      slot.early?.push({ offset: header.offset, payload });
      return;
    }
    if (!slot.partial && !this.#open(header.fileIndex)) return;
    this.#accept(header.fileIndex, header.offset, payload);
  }

  /** A block for a file whose partial is open: queued for the disk, counted, and the file completed when whole. */
  #accept(index: number, offset: number, payload: Buffer): void {
    const slot = this.#slots[index] as Slot;
    const file = this.files[index] as FileProgress;
    const partial = slot.partial as PartialFile | WholeFile;
    partial.queue(offset, payload);
    if (partial.uncheckpointedBytes >= PERSIST_BYTES) partial.persistInBackground();
    this.counters.bytesTransferred += payload.length;
    this.#intervalBytes += payload.length;
    this.#intervalDatagrams++;
    file.bytesWritten = partial.receivedBytes;
    this.counters.bytesWritten += payload.length;
    if (file.status === 'queued') {
      file.status = 'transferring';
      file.startMs = Date.now();
    }
    if (partial.receivedBytes === slot.size) this.#complete(index);
  }

  /**
   * Opens the partial files of the next few files on the thread pool before their data arrives, so the event loop
   * that drains the socket never waits for a file to be created (with many small files that wait dominated).
   */
  #openAhead(): void {
    const until = Math.min(this.#slots.length, this.#highestFile + 1 + OPEN_AHEAD);
    for (; this.#openCursor < until; this.#openCursor++) {
      const index = this.#openCursor;
      const slot = this.#slots[index];
      if (slot?.state !== 'receiving' || slot.partial || slot.opening || slot.whole) continue;
      slot.opening = true;
      slot.early = [];
      PartialFile.openAsync(slot.finalPath, slot.size, slot.mtimeMs, slot.keep).then(
        (partial) => {
          slot.opening = false;
          const early = slot.early ?? [];
          slot.early = undefined;
          if (slot.state !== 'receiving' || this.#finished) {
            partial.suspend();
            return;
          }
          partial.onWriteError = (error) =>
            this.#failFile(index, 36, `cannot write: ${error.message}`, false);
          this.#hold(slot, partial);
          for (const block of early)
            if (slot.partial === partial) this.#accept(index, block.offset, block.payload);
        },
        (error: Error & { code?: unknown }) => {
          slot.opening = false;
          slot.early = undefined;
          if (slot.state === 'receiving')
            this.#failFile(index, typeof error.code === 'number' ? error.code : 36, error.message, true);
        },
      );
    }
  }

  #open(index: number): boolean {
    const slot = this.#slots[index] as Slot;
    try {
      const partial = slot.whole
        ? new WholeFile(slot.finalPath, slot.size, slot.mtimeMs, { staleCheckpoint: slot.staleCheckpoint })
        : PartialFile.open(slot.finalPath, slot.size, slot.mtimeMs, slot.keep);
      partial.onWriteError = (error) => this.#failFile(index, 36, `cannot write: ${error.message}`, false);
      this.#hold(slot, partial);
      return true;
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      this.#failFile(index, typeof code === 'number' ? code : 36, (error as Error).message, true);
      return false;
    }
  }

  #openAndComplete(index: number): void {
    if (this.#open(index)) this.#complete(index);
  }

  #complete(index: number): void {
    const slot = this.#slots[index] as Slot;
    const partial = slot.partial as PartialFile | WholeFile;
    slot.state = 'verifying';
    const kind = this.options.fileChecksum;
    partial
      .settle()
      .then(async () => {
        if (slot.partial !== partial) return;
        if (kind === 'none') {
          this.#finalize(index);
          return;
        }
        const checksum =
          partial instanceof WholeFile
            ? partial.checksum(kind)
            : await fileChecksum(partialPath(slot.finalPath), kind);
        const file = this.files[index];
        if (file) file.checksum = checksum;
        this.options.control.send({ t: 'file_complete', index, checksum });
      })
      .catch((error) => {
        // A failed write has already failed the file (onWriteError); what is left is a failed checksum read.
        if (slot.partial === partial) this.#failFile(index, 35, `cannot checksum: ${error}`, true);
      });
  }

  #onVerdict(index: number, ok: boolean): void {
    const slot = this.#slots[index];
    if (slot?.state !== 'verifying') return;
    if (ok) this.#finalize(index);
    else this.#failFile(index, 27, 'checksum differs from the source', true);
  }

  #finalize(index: number): void {
    const slot = this.#slots[index] as Slot;
    const file = this.files[index] as FileProgress;
    const partial = slot.partial;
    this.#letGo(slot);
    slot.state = 'done';
    const put = (p: PartialFile | WholeFile) => {
      if (p instanceof PartialFile)
        return this.options.finalizeFile?.(p) ?? this.#batch.add(p, this.options.preserveTimes);
      // Its bytes count as queued for the disk until written. The first few are written at once, while their batch
      // gathers; the rest when their batch starts, so a backlog of writes never holds up the renames that finish
      // files (the file thread runs its steps in order).
      this.#inMemory.add(p);
      if (this.#writesAhead < WRITES_AHEAD) {
        this.#writesAhead++;
        const written = () => {
          this.#writesAhead--;
        };
        p.settleComplete().then(written, written);
      }
      return this.#batch.add(p, this.options.preserveTimes);
    };
    (partial ? put(partial) : Promise.resolve()).then(
      () => {
        file.status = 'completed';
        file.bytesWritten = file.size;
        file.endMs = Date.now();
        if (file.startMs === 0) file.startMs = file.endMs;
        this.#reportCompleted(index);
        this.options.onProgress?.();
      },
      (error: Error & { code?: unknown }) => {
        partial?.suspend();
        if (typeof error.code === 'number') this.#failFile(index, error.code, error.message, false);
        else this.#failFile(index, 64, `cannot rename the partial file: ${error.message}`, false);
      },
    );
  }

  #reportCompleted(index: number): void {
    if (!this.options.filesDone) {
      this.#reported.add(index);
      this.options.control.send({
        t: 'file_done',
        index,
        status: 'completed',
        error_code: 0,
        error_desc: '',
      });
      this.#settleIfAllReported();
      return;
    }
    this.#completed.push(index);
    if (this.#completed.length === 1) setImmediate(() => this.#flushCompleted());
  }

  #flushCompleted(): void {
    if (this.#completed.length === 0) return;
    this.options.control.send({ t: 'files_done', completed: this.#completed });
    for (const index of this.#completed) this.#reported.add(index);
    this.#completed = [];
    this.#settleIfAllReported();
  }

  /**
   * Every file has its outcome and the sender has been told: the session's work is done here. The receiver settles
   * now instead of a round trip later, when the sender's `done` would arrive (a download ends that much sooner); the
   * sender finishes on the last outcome it reads, before it sees the connection close.
   */
  #settleIfAllReported(): void {
    if (this.#finished || this.files.length === 0 || this.#reported.size < this.files.length) return;
    this.#end();
  }

  /** The session ends well: checkpoints of anything still open, then settled. */
  #end(): void {
    this.#finished = true;
    this.#persist();
    this.#settle?.resolve();
  }

  #failFile(index: number, code: number, desc: string, discard: boolean): void {
    const slot = this.#slots[index];
    const file = this.files[index];
    if (slot) {
      if (discard) slot.partial?.discard();
      else slot.partial?.suspend();
      this.#letGo(slot);
      slot.state = 'done';
    }
    if (file) {
      file.status = 'failed';
      file.errorCode = code;
      file.errorDesc = desc;
      file.endMs = Date.now();
    }
    this.#reported.add(index);
    this.options.control.send({
      t: 'file_done',
      index,
      status: 'failed',
      error_code: code,
      error_desc: desc,
    });
    this.#settleIfAllReported();
  }

  #feedback(): void {
    if (this.#finished) return;
    const now = performance.now();
    if (this.#mayWait(now)) {
      this.#checkStall(now);
      return;
    }
    const seconds = (now - this.#lastFeedback) / 1000;
    this.#lastFeedback = now;
    this.counters.rateKbps = seconds > 0 ? (this.#intervalBytes * 8) / 1000 / seconds : 0;
    const queueDelayUs = this.#delay.take();
    // A tail the sender announced is lost only if still missing after two feedback intervals and twice the queue.
    this.#tracker.expireTails(now, 2 * FEEDBACK_MS + (2 * queueDelayUs) / 1000);
    this.options.control.send({
      t: 'feedback',
      cum_ack: this.#tracker.cumulativeAck,
      nack: this.#tracker.takeNacks(
        now,
        this.options.nackRepeatMs ?? this.#tracker.repeatAfterMs(2 * FEEDBACK_MS, NACK_REPEAT_MS),
        512,
        REORDER_MS,
      ),
      received_bytes: this.counters.bytesTransferred,
      loss: this.#tracker.takeLoss(),
      queue_delay_us: queueDelayUs,
      rate_kbps: this.counters.rateKbps,
      rx_drops: this.options.socketDrops?.() ?? 0,
      ...(this.options.socketBufferBytes ? { rx_buffer_bytes: this.options.socketBufferBytes } : {}),
      ...(this.options.socketQueuedBytes ? { rx_queue_bytes: this.options.socketQueuedBytes() } : {}),
      disk_queue_bytes: this.#diskQueueBytes(),
      ...(this.options.nodeSessions ? { node_sessions: this.options.nodeSessions() } : {}),
      ...(this.#statusEcho
        ? {
            status_id: this.#statusEcho.id,
            status_held_us: Math.round((now - this.#statusEcho.at) * 1000),
          }
        : {}),
    });
    this.#statusEcho = undefined;
    this.#intervalBytes = 0;
    this.#intervalDatagrams = 0;
    this.options.onProgress?.();
    this.#checkStall(now);
  }

  /**
   * A slow session's feedback waits for FEEDBACK_DATAGRAMS datagrams, up to FEEDBACK_MAX_MS — unless it has news that
   * cannot wait: a gap to ask for, drops of its socket, or nothing received yet (the start needs its first answers).
   */
  #mayWait(now: number): boolean {
    return (
      this.#intervalDatagrams > 0 &&
      this.#intervalDatagrams < FEEDBACK_DATAGRAMS &&
      now - this.#lastFeedback < FEEDBACK_MAX_MS - FEEDBACK_MS / 2 &&
      this.#tracker.missingCount === 0
    );
  }

  #checkStall(now: number): void {
    if (now - this.#lastActivity > (this.options.stallMs ?? 20_000))
      this.#fail(sessionError(40, 'no data from the sender'));
  }

  #diskQueueBytes(): number {
    let bytes = 0;
    for (const slot of this.#holding) bytes += slot.partial?.queuedBytes ?? 0;
    for (const file of this.#inMemory) {
      const queued = file.queuedBytes;
      if (queued === 0) this.#inMemory.delete(file);
      bytes += queued;
    }
    return bytes;
  }

  #persist(): void {
    // A complete file is being put in place (durability per batch): a checkpoint of it would only cost a write.
    for (const slot of this.#holding) if (slot.state === 'receiving') slot.partial?.persistInBackground();
  }

  #fail(error: SessionError): void {
    if (this.#finished) return;
    this.#finished = true;
    this.#suspendAll();
    failUnfinished(this.files, error);
    this.#settle?.reject(error);
  }

  #stop(): void {
    this.#flushCompleted();
    this.#finished = true;
    for (const timer of this.#timers) clearInterval(timer);
    this.#suspendAll();
  }

  #suspendAll(): void {
    for (const slot of this.#holding) {
      slot.partial?.suspend();
      this.#letGo(slot);
    }
  }

  #hold(slot: Slot, partial: PartialFile | WholeFile): void {
    slot.partial = partial;
    this.#holding.add(slot);
  }

  #letGo(slot: Slot): void {
    slot.partial = undefined;
    this.#holding.delete(slot);
  }
}
