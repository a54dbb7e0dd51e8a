import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aclUser } from '../test-support/acl-fixture.ts';
import { eventually, sampleJpeg } from '../test-support/sample-media.ts';
import { startTestDam, type TestDam } from '../test-support/test-dam.ts';
import { reconcile } from './reconcile.ts';

// Two server processes' worth of services on one PostgreSQL: both job workers claim from the same table.
describe('two servers on one PostgreSQL', () => {
  let first: TestDam;
  let second: TestDam;
  const FILES = 30;

  beforeAll(async () => {
    first = await startTestDam('postgres');
    // Same database, same home (the storage a site's servers share), two job workers.
    second = await startTestDam(
      'postgres',
      { DAM_HOME: first.home },
      { databaseUrl: first.databaseUrl as string },
    );
  }, 120_000);
  afterAll(async () => {
    await second.close();
    await first.close();
  });

  it('share the job queue: every rendition job is done exactly once', async () => {
    await aclUser(first, 'carla', 'Library');
    for (let index = 0; index < FILES; index++)
      await sampleJpeg(join(first.services.config.storageRoot, `Library/Shared/${index}.jpg`), {
        color: `#${(index * 7919).toString(16).padStart(6, '0').slice(0, 6)}`,
      });
    const report = await reconcile(first.services, 'Library/Shared');
    expect(report.ingested).toBe(FILES);
    second.services.jobs.kick();
    first.services.jobs.kick();
    const { db } = first.services;
    await eventually(async () => {
      const open = await db
        .selectFrom('jobs')
        .select('id')
        .where('kind', '=', 'asset.renditions')
        .where('done_at', 'is', null)
        .where('failed_at', 'is', null)
        .execute();
      return open.length === 0;
    }, 90_000);
    const jobs = await db
      .selectFrom('jobs')
      .select(['attempts', 'payload'])
      .where('kind', '=', 'asset.renditions')
      .execute();
    expect(jobs).toHaveLength(FILES);
    expect(jobs.every((job) => job.attempts === 1)).toBe(true);
    const ids = new Set(jobs.map((job) => (job.payload as { assetId: number }).assetId));
    expect(ids.size).toBe(FILES);
    const states = await db.selectFrom('assets').select('rendition_state').execute();
    expect(states.map((row) => row.rendition_state)).toEqual(Array(FILES).fill('done'));
  }, 120_000);
});
