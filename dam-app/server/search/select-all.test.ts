import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSET_MESSAGES, SELECTION_MAX_BLOCK } from '../../api/asset-messages.ts';
import { seedBigFolder } from '../bench/big-folder.ts';
import { ensureFolderRow } from '../folders/folder-queries.ts';
import { aclUser } from '../test-support/acl-fixture.ts';
import type { ApiClient } from '../test-support/api-client.ts';
import { DATABASE_KINDS, startTestDam, type TestDam } from '../test-support/test-dam.ts';

// Select all selects the whole folder or search, not the pages the browser has loaded: the server resolves it by
// the same filter as the list, and a result beyond a selection's maximum block is refused with the spec's text.
describe.each(DATABASE_KINDS)('select all on %s', (kind) => {
  let dam: TestDam;
  let carla: ApiClient;
  let mo: ApiClient;
  let folderId: number;
  let hugeId: number;

  beforeAll(async () => {
    dam = await startTestDam(kind);
    carla = await aclUser(dam, 'carla', 'Library');
    mo = await aclUser(dam, 'mo', 'Library/Marketing');
    folderId = (await seedBigFolder(dam.services, 300)).folderId;
    // One asset more than a selection holds: bare rows, in one statement.
    hugeId = await ensureFolderRow(dam.services.db, 'Library/Huge');
    await sql`insert into assets (folder_id, path, name, file_name, file_type, mime_type, kind, size, content_hash,
        date_created, rendition_state)
      select ${hugeId}, 'Library/Huge/' || g || '.jpg', 'Huge ' || g, g || '.jpg', 'JPEG', 'image/jpeg', 'image', 1,
        md5(g::text), now(), 'done'
      from generate_series(1, ${SELECTION_MAX_BLOCK + 1}) g`.execute(dam.services.db);
  });
  afterAll(() => dam.close());

  it('gives every id of a search, beyond its loaded page, with the count the list shows', async () => {
    const request = { q: 'harbour', folderId, folderOnly: true };
    const page = (await carla.post('/search', { ...request, limit: 25 })).body;
    const all = await carla.post('/search/select-all', request);
    expect(all.status).toBe(200);
    expect(all.body.total).toBe(page.total);
    expect(all.body.ids).toHaveLength(page.total);
    expect(page.total).toBeGreaterThan(25);
    expect(new Set(all.body.ids).size).toBe(page.total);
    for (const item of page.items) expect(all.body.ids).toContain(item.id);
  });

  it('follows the refinement too', async () => {
    const refined = { folderId, folderOnly: true, keywords: ['dune'] };
    const page = (await carla.post('/search', { ...refined, limit: 1 })).body;
    expect((await carla.post('/search/select-all', refined)).body.total).toBe(page.total);
  });

  it('refuses a folder beyond a selection’s maximum block with the spec’s text', async () => {
    const refused = await carla.post('/search/select-all', { folderId: hugeId, folderOnly: true });
    expect(refused.status).toBe(400);
    expect(refused.body.error.code).toBe('selection_too_large');
    expect(refused.body.error.user_message).toBe(ASSET_MESSAGES.selectionTooLarge);
    const whole = await carla.post('/search/select-all', { folderId, folderOnly: true });
    expect(whole.body).toMatchObject({ total: 300 });
    expect(whole.body.ids).toHaveLength(300);
  });

  it('selects nothing outside the ACL: a folder one may not see is 404', async () => {
    expect((await mo.post('/search/select-all', { folderId, folderOnly: true })).status).toBe(404);
    expect((await mo.post('/search/select-all', { q: 'harbour' })).body).toEqual({ ids: [], total: 0 });
  });
});
