import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aclUser } from '../test-support/acl-fixture.ts';
import type { ApiClient } from '../test-support/api-client.ts';
import { eventually, sampleJpeg } from '../test-support/sample-media.ts';
import { DATABASE_KINDS, startTestDam, type TestDam } from '../test-support/test-dam.ts';

describe.each(DATABASE_KINDS)('reconcile on demand on %s', (kind) => {
  let dam: TestDam;
  let admin: ApiClient;
  let carla: ApiClient;

  beforeAll(async () => {
    dam = await startTestDam(kind);
    admin = await aclUser(dam, 'ada', 'Library', undefined, { admin: true });
    carla = await aclUser(dam, 'carla', 'Library');
  });
  afterAll(() => dam.close());

  it('lets an administrator index files that arrived by other means', async () => {
    await sampleJpeg(join(dam.services.config.storageRoot, 'Library/Arrived/new.jpg'));
    expect((await carla.post('/admin/storage/reconcile')).status).toBe(403);
    const queued = await admin.post('/admin/storage/reconcile');
    expect(queued.status).toBe(202);
    expect(queued.body.queued).toBe(true);
    const found = await eventually(async () => {
      const result = (await carla.post('/search', { q: 'new' })).body;
      // The page and the counts are read side by side (two connections on PostgreSQL): while the ingest commits,
      // one may already see the asset and the other not yet.
      return result.total === 1 && result.items.length === 1 && result;
    });
    expect(found.items[0].path).toBe('Library/Arrived/new.jpg');
  });
});
