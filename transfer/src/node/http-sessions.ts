import { randomBytes } from 'node:crypto';
import type { HttpSessionClose, HttpSessionOpen, HttpSessionOpened } from '@rapid/protocol';
import type { TokenClaims } from '../auth/transfer-token.ts';
import { effectiveRate } from '../rate/effective-rate.ts';
import type { RateSettings } from '../rate/rate-controller.ts';
import { SessionError, sessionError } from '../session/session-types.ts';
import { HttpSession } from './http-session.ts';
import { planDownloads, planUploads } from './http-session-plan.ts';
import type { NodeConfig } from './node-config.ts';
import { openTransfer, startSpec } from './node-transfer.ts';
import { failSession, finishSession } from './session-outcome.ts';
import type { TransferStore } from './transfer-store.ts';

/**
 * The node's HTTPS fallback sessions (PROTOCOL.md §4): opened with a `hello` like the control channel, recorded in
 * the same activity store (so `/ops/transfers` lists them and `PUT`/`CANCEL` act on them), ended by the client's
 * `close` or, like a stalled UDP session, after `stallMs` without a request.
 */
export class HttpSessions {
  #sessions = new Map<string, HttpSession>();
  #ticker: NodeJS.Timeout;

  constructor(
    private readonly config: NodeConfig,
    private readonly store: TransferStore,
  ) {
    this.#ticker = setInterval(() => this.#expire(), 1000);
    this.#ticker.unref();
  }

  get(id: string): HttpSession | undefined {
    return this.#sessions.get(id);
  }

  /** Opens a session for a verified token; throws `SessionError` when the request cannot start at all. */
  async open(
    request: HttpSessionOpen,
    claims: TokenClaims,
    clientAddress: string,
  ): Promise<HttpSessionOpened> {
    const { hello } = request;
    const { config } = this;
    let rate: RateSettings = effectiveRate(config.rate, hello.rate, config.rate);
    // Planned before the transfer exists (a refused plan leaves no record); an earlier session's placements hold.
    const placements = this.store.get(claims.xfer_id)?.placements ?? {};
    const { files, byPath, reply } =
      hello.direction === 'receive'
        ? planDownloads(config.docroot, request, claims)
        : await planUploads(config.docroot, request, claims, placements);
    const transfer = openTransfer(this.store, claims.xfer_id, hello, startSpec(hello, config, rate, []));
    // The same object when the transfer existed; a new transfer takes its first plan's (a guard may update it later).
    transfer.placements = placements;
    const id = `${claims.xfer_id}-${transfer.sessions.length + 1}-${randomBytes(6).toString('hex')}`;
    const session = new HttpSession(id, transfer, files, {
      status: 'running',
      clientAddress,
      startMs: Date.now(),
      endMs: 0,
      rate,
      errorCode: 0,
      errorDesc: '',
    });
    for (const [path, index] of byPath) session.byPath.set(path, index);
    // A UDP attempt that moved nothing (UDP blocked: the client fell back after the probe) is not part of the record.
    const last = transfer.sessions.at(-1);
    if (
      last &&
      last.status !== 'completed' &&
      last.counters.bytesTransferred === 0 &&
      !last.files.some((f) => f.status === 'completed' || f.status === 'skipped')
    )
      transfer.sessions.pop();
    transfer.startSpec.files_offered = files.length;
    transfer.sessions.push(session.record);
    Object.assign(transfer, { status: 'running', errorCode: 0, errorDesc: '', endMs: 0 });
    transfer.control = {
      cancel: () => {
        session.setState('cancelled');
        this.#end(session, new SessionError(28, 'cancelled on the node', false));
      },
      pause: () => {
        session.setState('paused');
        transfer.status = 'paused';
        this.store.touch(transfer);
      },
      resume: () => {
        session.setState('running');
        transfer.status = 'running';
        this.store.touch(transfer);
      },
      setRate: (requested) => {
        // Recorded only: the client paces its own requests; the rate reaches it on its next session.
        rate = effectiveRate(rate, requested, config.rate);
        session.record.rate = rate;
        return rate;
      },
    };
    this.#sessions.set(id, session);
    this.store.touch(transfer);
    return { session_id: id, xfer_id: claims.xfer_id, ...reply };
  }

  /** The client's account of how the session ended; per-file outcomes only it can know (downloads) are taken over. */
  close(session: HttpSession, report: HttpSessionClose): void {
    for (const entry of report.files) {
      const file = session.files.find((f) => f.index === entry.index);
      if (!file || file.status === 'completed' || file.status === 'failed') continue;
      const downloaded = session.transfer.direction === 'receive' && entry.status === 'completed';
      if (downloaded || entry.status === 'skipped') session.fileCompleted(file.index);
      if (entry.status === 'skipped') file.status = 'skipped';
      if (entry.status === 'failed')
        Object.assign(file, { status: 'failed', errorCode: entry.error_code, errorDesc: entry.error_desc });
    }
    if (report.status === 'completed') this.#end(session, undefined);
    else
      this.#end(
        session,
        report.status === 'cancelled'
          ? new SessionError(28, report.error_desc || 'cancelled by the client', false)
          : sessionError(report.error_code || 12, report.error_desc || 'the client gave up'),
      );
  }

  #end(session: HttpSession, failure: SessionError | undefined): void {
    if (session.record.endMs > 0) return;
    const { transfer, record } = session;
    record.endMs = Date.now();
    if (failure) failSession(transfer, record, failure);
    else finishSession(transfer, record, session.files);
    session.state = 'ended';
    if (transfer.sessions.at(-1) === record) transfer.control = undefined;
    this.store.touch(transfer);
    // Kept a little longer so late requests of a cancelled session still get their 410.
    setTimeout(() => this.#sessions.delete(session.id), 60_000).unref();
  }

  #expire(): void {
    const now = Date.now();
    for (const session of this.#sessions.values()) {
      if (session.state === 'ended') continue;
      if (session.state === 'running' || session.state === 'paused') this.store.touch(session.transfer);
      if (session.state !== 'running' || session.inflight > 0) continue;
      if (now - session.lastActivityMs > this.config.stallMs)
        this.#end(session, sessionError(40, 'no request from the client'));
    }
  }

  stop(): void {
    clearInterval(this.#ticker);
  }
}
