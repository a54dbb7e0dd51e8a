import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';
import { OWNER_LOCK_CLASS } from '../intents/intent-owner.ts';
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

/** A job the queue keeps coming back: one pending occurrence at a time across every server. */
export interface JobSchedule {
  kind: string;
  payload: unknown;
  /** Seconds from one run's end to the next run. */
  everySeconds: number;
}

export interface JobWorkerOptions {
  /** How often an idle worker looks for due jobs. */
  pollMs?: number;
  /** Jobs this worker runs at once. */
  concurrency?: number;
  /** Recurring jobs: run once at start (pulled forward if already pending), then every `everySeconds`. */
  schedules?: JobSchedule[];
  /**
   * This process's intent owner id: claims carry it, and a job claimed by an owner whose advisory lock is gone (a
   * killed server; on PGlite, any earlier process) is claimed again at once instead of after its lease.
   */
  owner?: number;
}

type ClaimedJob = {
  id: string | number;
  kind: string;
  payload: unknown;
  attempts: number;
  schedule_key: string | null;
};

/**
 * Runs due jobs from the table, up to `concurrency` at once. Any number of servers can run one each: a job is
 * claimed with `FOR UPDATE SKIP LOCKED` and a lease, so each runs once; a crashed server's job is taken again as
 * soon as its owner lock is gone (or, without an owner, when the lease runs out). A failure is retried with back-off up to five attempts, then kept as failed with its error.
 * A scheduled job has a `schedule_key` that a unique index allows on one pending row only, so servers starting
 * together add one occurrence, and the next one is added in the transaction that closes the current one.
 */
export class JobWorker {
  private timer: NodeJS.Timeout | undefined;
  private readonly loops = new Set<Promise<void>>();
  /** Bumped by every kick: a loop that found nothing looks again when a kick came while it was looking. */
  private kicks = 0;
  private stopped = false;
  private readonly pollMs: number;
  private readonly concurrency: number;
  private readonly schedules: JobSchedule[];
  private readonly owner: number | null;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly handlers: Record<string, JobHandler>,
    private readonly log: Logger,
    options: JobWorkerOptions | number = {},
  ) {
    const settings = typeof options === 'number' ? { pollMs: options } : options;
    this.pollMs = settings.pollMs ?? 1000;
    this.concurrency = Math.max(1, settings.concurrency ?? 1);
    this.schedules = settings.schedules ?? [];
    this.owner = settings.owner ?? null;
  }

  start(): void {
    void this.ensureSchedules()
      .catch((error: Error) => this.log.warn('jobs.schedule_failed', { error: error.message }))
      .finally(() => this.fill());
  }

  /** Look for work now (called after enqueueing, so a job does not wait for the next poll). */
  kick(): void {
    if (this.stopped) return;
    this.kicks++;
    this.fill();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await Promise.all([...this.loops]);
  }

  /** The pending occurrence of each schedule, due now: a start-up run, shared by servers starting together. */
  private async ensureSchedules(): Promise<void> {
    for (const schedule of this.schedules)
      await sql`insert into jobs (kind, payload, run_at, schedule_key)
        values (${schedule.kind}, ${JSON.stringify(schedule.payload)}, now(), ${schedule.kind})
        on conflict (schedule_key) where done_at is null and failed_at is null
        do update set run_at = least(jobs.run_at, excluded.run_at)`.execute(this.db);
  }

  /** Starts loops up to the concurrency; each claims and runs jobs until none is due. */
  private fill(): void {
    clearTimeout(this.timer);
    while (!this.stopped && this.loops.size < this.concurrency) {
      const loop: Promise<void> = this.loop().finally(() => {
        this.loops.delete(loop);
        if (this.loops.size === 0) this.poll();
      });
      this.loops.add(loop);
    }
  }

  private poll(): void {
    clearTimeout(this.timer);
    if (this.stopped) return;
    this.timer = setTimeout(() => this.fill(), this.pollMs);
    this.timer.unref();
  }

  private async loop(): Promise<void> {
    while (!this.stopped) {
      const seen = this.kicks;
      const job = await this.claim().catch((error: Error) => {
        this.log.warn('jobs.claim_failed', { error: error.message });
        return undefined;
      });
      if (job) await this.runOne(job);
      else if (seen === this.kicks) return;
    }
  }

  private async claim(): Promise<ClaimedJob | undefined> {
    const kinds = Object.keys(this.handlers);
    const { rows } = await sql<ClaimedJob>`
      update jobs set locked_until = now() + make_interval(secs => ${LOCK_SECONDS}), attempts = attempts + 1,
        locked_by = ${this.owner}
      where id = (
        select id from jobs
        where done_at is null and failed_at is null and run_at <= now()
          and (locked_until is null or locked_until < now()
            or (${this.owner}::integer is not null and locked_by is not null and locked_by <> ${this.owner}
              and pg_try_advisory_xact_lock(${OWNER_LOCK_CLASS}, locked_by)))
          and kind in (${sql.join(kinds)})
        order by run_at, id
        limit 1
        for update skip locked
      )
      returning id, kind, payload, attempts, schedule_key`.execute(this.db);
    return rows[0];
  }

  private async runOne(job: ClaimedJob) {
    const id = Number(job.id);
    try {
      await this.handlers[job.kind]?.(job.payload);
      await this.close(job, { done_at: new Date(), locked_until: null });
    } catch (error) {
      const message = (error as Error).message;
      const final = job.attempts >= MAX_ATTEMPTS;
      this.log.warn('jobs.failed', { id, kind: job.kind, attempt: job.attempts, final, error: message });
      const retry = { run_at: new Date(Date.now() + 2 ** job.attempts * 1000) };
      await this.close(
        job,
        { last_error: message, locked_until: null, ...(final ? { failed_at: new Date() } : retry) },
        final,
      );
    }
  }

  /** Records the outcome; a scheduled job that is over gets its next occurrence in the same transaction. */
  private async close(
    job: ClaimedJob,
    changes: { done_at?: Date; failed_at?: Date; locked_until: null; last_error?: string; run_at?: Date },
    over = changes.done_at !== undefined,
  ) {
    const schedule = over && this.schedules.find((each) => each.kind === job.schedule_key);
    const record = (db: Kysely<Database>) =>
      db.updateTable('jobs').set(changes).where('id', '=', Number(job.id)).execute();
    if (!schedule) {
      await record(this.db);
      return;
    }
    await this.db.transaction().execute(async (trx) => {
      await record(trx);
      await sql`insert into jobs (kind, payload, run_at, schedule_key)
        values (${schedule.kind}, ${JSON.stringify(schedule.payload)},
          now() + make_interval(secs => ${schedule.everySeconds}), ${schedule.kind})
        on conflict (schedule_key) where done_at is null and failed_at is null do nothing`.execute(trx);
    });
  }
}
