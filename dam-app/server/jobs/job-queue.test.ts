import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../db/migrate.ts';
import { type OpenDatabase, openDatabase } from '../db/open-database.ts';
import { silentLogger } from '../log.ts';
import { freshPostgresDatabase } from '../test-support/test-dam.ts';
import { enqueueJob, JobWorker } from './job-queue.ts';

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
