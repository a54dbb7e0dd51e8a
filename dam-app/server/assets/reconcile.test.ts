import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, sampleJpeg } from '../test-support/sample-media.ts';
import { DATABASE_KINDS, startTestDam, type TestDam } from '../test-support/test-dam.ts';
import { RECONCILE_JOB } from './reconcile.ts';

describe.each(DATABASE_KINDS)('the periodic reconcile on %s', (kind) => {
  let dam: TestDam;
  let second: TestDam | undefined;

  const reconcileJobs = () =>
    dam.services.db
      .selectFrom('jobs')
      .selectAll()
      .where('kind', '=', RECONCILE_JOB)
      .where('schedule_key', '=', RECONCILE_JOB)
      .orderBy('id')
      .execute();
  const assetAt = (path: string) =>
    dam.services.db.selectFrom('assets').select(['id', 'status']).where('path', '=', path).executeTakeFirst();

  beforeAll(async () => {
    dam = await startTestDam(kind, { DAM_RECONCILE_SECONDS: '1' });
  });
  afterAll(async () => {
    await second?.close();
    await dam?.close();
  });

  it('runs once at start-up, then every interval, indexing new files and marking vanished ones', async () => {
    await eventually(async () => (await reconcileJobs()).some((job) => job.done_at !== null));
    const root = dam.services.config.storageRoot;
    await sampleJpeg(join(root, 'Library/Drop/first.jpg'));
    await sampleJpeg(join(root, 'Library/Drop/second.jpg'));
    for (const name of ['first', 'second'])
      await eventually(async () => (await assetAt(`Library/Drop/${name}.jpg`))?.status === 'active', 10_000);

    await rm(join(root, 'Library/Drop/first.jpg'));
    await eventually(async () => (await assetAt('Library/Drop/first.jpg'))?.status === 'missing', 10_000);

    const jobs = await reconcileJobs();
    expect(jobs.filter((job) => job.done_at !== null).length).toBeGreaterThanOrEqual(2);
    expect(jobs.filter((job) => job.done_at === null && job.failed_at === null)).toHaveLength(1);
  });

  it.runIf(kind === 'postgres')('a second server on the same database shares the one schedule', async () => {
    second = await startTestDam(
      kind,
      { DAM_RECONCILE_SECONDS: '1', DAM_HOME: dam.home },
      { databaseUrl: dam.databaseUrl as string },
    );
    const root = dam.services.config.storageRoot;
    const before = (await reconcileJobs()).length;
    await sampleJpeg(join(root, 'Library/Drop/third.jpg'));
    await eventually(async () => (await assetAt('Library/Drop/third.jpg'))?.status === 'active', 10_000);
    await eventually(async () => (await reconcileJobs()).length >= before + 3, 10_000);
    const jobs = await reconcileJobs();
    expect(jobs.filter((job) => job.done_at === null && job.failed_at === null)).toHaveLength(1);
    // Runs follow each other a second apart, never two at once.
    const done = jobs.filter((job) => job.done_at !== null).slice(-3);
    for (let index = 1; index < done.length; index++)
      expect(
        (done[index]?.run_at.getTime() as number) - (done[index - 1]?.done_at?.getTime() as number),
      ).toBeGreaterThanOrEqual(900);
  });
});
