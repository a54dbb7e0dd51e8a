import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../db/migrate.ts';
import { type OpenDatabase, openDatabase } from '../db/open-database.ts';
import { silentLogger } from '../log.ts';
import { DATABASE_KINDS, freshPostgresDatabase } from '../test-support/test-dam.ts';
import { enqueueJob, JobWorker } from './job-queue.ts';

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
async function until(check: () => Promise<boolean> | boolean, ms = 20_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await settle(20);
  }
}

describe('the job queue on PostgreSQL', () => {
  let a: OpenDatabase;
  let b: OpenDatabase;
  beforeAll(async () => {
    const url = await freshPostgresDatabase();
    a = await openDatabase({ databaseUrl: url, pgliteDir: '' });
    b = await openDatabase({ databaseUrl: url, pgliteDir: '' });
    await migrateToLatest(a.db);
  });
  afterAll(async () => {
    await a.close();
    await b.close();
  });

  it('runs every job exactly once when two servers work the same queue', async () => {
    const runs: number[] = [];
    const handler = async (payload: unknown) => {
      runs.push((payload as { n: number }).n);
      await new Promise((resolve) => setTimeout(resolve, 2));
    };
    for (let n = 0; n < 200; n++) await enqueueJob(a.db, 'count', { n });
    const first = new JobWorker(a.db, { count: handler }, silentLogger, 20);
    const second = new JobWorker(b.db, { count: handler }, silentLogger, 20);
    first.start();
    second.start();
    const deadline = Date.now() + 20_000;
    while (runs.length < 200 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 50));
    await Promise.all([first.stop(), second.stop()]);
    expect(runs.length).toBe(200);
    expect(new Set(runs).size).toBe(200);
    const left = await a.db.selectFrom('jobs').select('id').where('done_at', 'is', null).execute();
    expect(left).toEqual([]);
  });

  it('retries a failing job with back-off and keeps its error', async () => {
    let calls = 0;
    await enqueueJob(a.db, 'flaky', {});
    const worker = new JobWorker(
      a.db,
      {
        flaky: async () => {
          calls++;
          throw new Error('mail server down');
        },
      },
      silentLogger,
      20,
    );
    worker.start();
    const deadline = Date.now() + 5000;
    while (calls < 1 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    await worker.stop();
    const job = await a.db
      .selectFrom('jobs')
      .selectAll()
      .where('kind', '=', 'flaky')
      .executeTakeFirstOrThrow();
    expect(calls).toBe(1);
    expect(job.last_error).toBe('mail server down');
    expect(job.done_at).toBeNull();
    expect(job.run_at.getTime()).toBeGreaterThan(Date.now());
  });
});

describe.each(DATABASE_KINDS)('concurrent and scheduled jobs on %s', (kind) => {
  let database: OpenDatabase;
  let folder: string;
  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'rapid-jobs-'));
    database = await openDatabase({
      databaseUrl: kind === 'postgres' ? await freshPostgresDatabase() : undefined,
      pgliteDir: join(folder, 'pglite'),
    });
    await migrateToLatest(database.db);
  });
  afterAll(async () => {
    await database.close();
    await rm(folder, { recursive: true, force: true });
  });

  it('runs up to `concurrency` jobs at once, each once', async () => {
    const { db } = database;
    let running = 0;
    let most = 0;
    const runs: number[] = [];
    const handler = async (payload: unknown) => {
      running++;
      most = Math.max(most, running);
      await settle(15);
      runs.push((payload as { n: number }).n);
      running--;
    };
    for (let n = 0; n < 40; n++) await enqueueJob(db, 'slow', { n });
    const worker = new JobWorker(db, { slow: handler }, silentLogger, { pollMs: 20, concurrency: 3 });
    worker.start();
    await until(() => runs.length === 40);
    await worker.stop();
    expect(most).toBe(3);
    expect(new Set(runs).size).toBe(40);
    expect(runs).toHaveLength(40);
  });

  it('a job queued while every loop is finishing is still picked up at once, not at the next poll', async () => {
    const { db } = database;
    const runs: string[] = [];
    const worker = new JobWorker(
      db,
      { quick: async (payload) => void runs.push((payload as { name: string }).name) },
      silentLogger,
      { pollMs: 60_000, concurrency: 2 },
    );
    worker.start();
    for (const name of ['a', 'b', 'c', 'd', 'e']) {
      await enqueueJob(db, 'quick', { name });
      worker.kick();
      await until(() => runs.includes(name), 5000);
    }
    await worker.stop();
    expect(runs).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('a schedule runs at start-up, then again after its interval, with one pending occurrence at a time', async () => {
    const { db } = database;
    const runs: number[] = [];
    const schedules = [{ kind: 'tick', payload: { every: 1 }, everySeconds: 1 }];
    const handler = async () => void runs.push(Date.now());
    const worker = new JobWorker(db, { tick: handler }, silentLogger, { pollMs: 50, schedules });
    const started = Date.now();
    worker.start();
    await until(() => runs.length === 1);
    expect((runs[0] as number) - started).toBeLessThan(900);
    await until(() => runs.length === 2, 5000);
    // The interval counts from the end of one run to the next one.
    expect((runs[1] as number) - (runs[0] as number)).toBeGreaterThanOrEqual(900);
    await worker.stop();
    const pending = await db
      .selectFrom('jobs')
      .select(['run_at', 'schedule_key'])
      .where('kind', '=', 'tick')
      .where('done_at', 'is', null)
      .execute();
    expect(pending).toHaveLength(1);
    expect(pending[0]?.schedule_key).toBe('tick');

    // A restart pulls the pending occurrence forward to now instead of adding a second one.
    const again = new JobWorker(db, { tick: handler }, silentLogger, { pollMs: 50, schedules });
    again.start();
    await until(() => runs.length === 3, 900);
    await again.stop();
    const all = await db.selectFrom('jobs').select('id').where('kind', '=', 'tick').execute();
    expect(all).toHaveLength(4);
  });
});

describe('a schedule shared by two servers on PostgreSQL', () => {
  it('starting together, they run the start-up occurrence once and keep one pending', async () => {
    const url = await freshPostgresDatabase();
    const [a, b] = await Promise.all([
      openDatabase({ databaseUrl: url, pgliteDir: '' }),
      openDatabase({ databaseUrl: url, pgliteDir: '' }),
    ]);
    try {
      await migrateToLatest(a.db);
      const runs: string[] = [];
      const schedules = [{ kind: 'sweep', payload: {}, everySeconds: 3600 }];
      const workers = [a, b].map(
        (each, index) =>
          new JobWorker(
            each.db,
            {
              sweep: async () => {
                runs.push(`server ${index}`);
                await settle(100);
              },
            },
            silentLogger,
            { pollMs: 20, concurrency: 2, schedules },
          ),
      );
      for (const worker of workers) worker.start();
      await until(() => runs.length === 1);
      await settle(500);
      await Promise.all(workers.map((worker) => worker.stop()));
      expect(runs).toHaveLength(1);
      const rows = await a.db.selectFrom('jobs').selectAll().where('kind', '=', 'sweep').execute();
      expect(rows.filter((row) => row.done_at !== null)).toHaveLength(1);
      const pending = rows.filter((row) => row.done_at === null);
      expect(pending).toHaveLength(1);
      expect(pending[0]?.run_at.getTime()).toBeGreaterThan(Date.now() + 3500_000);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
