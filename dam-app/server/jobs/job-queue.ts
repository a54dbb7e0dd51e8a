import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { Logger } from '../log.ts';

export type JobHandler = (payload: unknown) => Promise<void>;

const LOCK_SECONDS = 300;
const MAX_ATTEMPTS = 5;

/** Adds a job; pass the transaction that made the change the job follows from, so both commit or neither does. */
export async function enqueueJob(db: Kysely<Database>, kind: string, payload: unknown, delaySeconds = 0) {
  await db
    .insertInto('jobs')
    .values({
      kind,
      payload: JSON.stringify(payload),
      run_at: new Date(Date.now() + delaySeconds * 1000),
    })
    .execute();
}

/**
 * Runs due jobs from the table. Any number of servers can run one each: a job is claimed with
 * `FOR UPDATE SKIP LOCKED` and a lease, so each runs once; a crashed server's lease runs out and another takes it.
 * A failure is retried with back-off up to five attempts, then kept as failed with its error.
 */
export class JobWorker {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = false;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly handlers: Record<string, JobHandler>,
    private readonly log: Logger,
    private readonly pollMs = 1000,
  ) {}

  start(): void {
    this.schedule(0);
  }

  /** Look for work now (called after enqueueing, so a job does not wait for the next poll). */
  kick(): void {
    if (this.stopped) return;
    if (this.running) this.again = true;
    else this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  private schedule(ms: number): void {
    clearTimeout(this.timer);
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.drain().finally(() => {
        this.running = undefined;
        const next = this.again ? 0 : this.pollMs;
        this.again = false;
        this.schedule(next);
      });
    }, ms);
    this.timer.unref();
  }

  private async drain(): Promise<void> {
    while (!this.stopped) {
      const job = await this.claim().catch((error: Error) => {
        this.log.warn('jobs.claim_failed', { error: error.message });
        return undefined;
      });
      if (!job) return;
      await this.runOne(job);
    }
  }

  private async claim() {
    const kinds = Object.keys(this.handlers);
    const { rows } = await sql<{ id: string | number; kind: string; payload: unknown; attempts: number }>`
      update jobs set locked_until = now() + make_interval(secs => ${LOCK_SECONDS}), attempts = attempts + 1
      where id = (
        select id from jobs
        where done_at is null and failed_at is null and run_at <= now()
          and (locked_until is null or locked_until < now())
          and kind in (${sql.join(kinds)})
        order by run_at, id
        limit 1
        for update skip locked
      )
      returning id, kind, payload, attempts`.execute(this.db);
    return rows[0];
  }

  private async runOne(job: { id: string | number; kind: string; payload: unknown; attempts: number }) {
    const id = Number(job.id);
    try {
      await this.handlers[job.kind]?.(job.payload);
      await this.db
        .updateTable('jobs')
        .set({ done_at: new Date(), locked_until: null })
        .where('id', '=', id)
        .execute();
    } catch (error) {
      const message = (error as Error).message;
      const final = job.attempts >= MAX_ATTEMPTS;
      this.log.warn('jobs.failed', { id, kind: job.kind, attempt: job.attempts, final, error: message });
      await this.db
        .updateTable('jobs')
        .set({
          last_error: message,
          locked_until: null,
          ...(final
            ? { failed_at: new Date() }
            : { run_at: new Date(Date.now() + 2 ** job.attempts * 1000) }),
        })
        .where('id', '=', id)
        .execute();
    }
  }
}
