import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSET_MESSAGES, SELECTION_MAX_BLOCK } from '../../api/asset-messages.ts';
import { ensureFolderRow } from '../folders/folder-queries.ts';
import { aclUser } from '../test-support/acl-fixture.ts';
import type { ApiClient } from '../test-support/api-client.ts';
import { DATABASE_KINDS, startTestDam, type TestDam } from '../test-support/test-dam.ts';

describe.each(DATABASE_KINDS)('bulk select and bulk edit on %s', (kind) => {
  let dam: TestDam;
  let carla: ApiClient;
  let mo: ApiClient;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    dam = await startTestDam(kind);
    carla = await aclUser(dam, 'carla', 'Library');
    mo = await aclUser(dam, 'mo', 'Library/Marketing', ['file actions']);
    const { db } = dam.services;
    for (const path of ['Library/A/one.jpg', 'Library/A/two.jpg', 'Library/Marketing/three.jpg']) {
      const folderId = await ensureFolderRow(db, path.slice(0, path.lastIndexOf('/')));
      const fileName = path.slice(path.lastIndexOf('/') + 1);
      const row = await db
        .insertInto('assets')
        .values({
          folder_id: folderId,
          path,
          name: fileName,
          file_name: fileName,
          size: 1,
          content_hash: path,
          date_created: new Date(),
          keywords: ['old'],
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids[fileName] = row.id;
    }
  });
  afterAll(() => dam.close());

  it('selects from a CSV of ids and file names, only what the person may see, and CSV only', async () => {
    const content = `"id or name"\n${ids['one.jpg']}\n"two.jpg",extra\nthree.jpg\n999999\nnope.png\n`;
    const selected = await carla.post('/assets/bulk-select', { fileName: 'pick.CSV', content });
    expect(selected.body.ids.sort()).toEqual([ids['one.jpg'], ids['two.jpg'], ids['three.jpg']].sort());
    expect(selected.body.unmatched).toEqual(['id or name', '999999', 'nope.png']);
    const limited = await mo.post('/assets/bulk-select', { fileName: 'pick.csv', content });
    expect(limited.body.ids).toEqual([ids['three.jpg']]);
    const xml = await carla.post('/assets/bulk-select', { fileName: 'pick.xml', content });
    expect(xml.status).toBe(400);
    expect(xml.body.error.user_message).toBe(ASSET_MESSAGES.bulkSelectCsvOnly);
  });

  it('refuses a CSV over the maximum block size with its message, instead of keeping its first lines', async () => {
    const lines = Array.from({ length: SELECTION_MAX_BLOCK + 1 }, (_, index) => `file-${index}.jpg`);
    const over = await carla.post('/assets/bulk-select', { fileName: 'big.csv', content: lines.join('\n') });
    expect(over.status).toBe(400);
    expect(over.body.error.code).toBe('selection_too_large');
    expect(over.body.error.user_message).toBe(ASSET_MESSAGES.selectionTooLarge);
    const atMost = await carla.post('/assets/bulk-select', {
      fileName: 'big.csv',
      content: [...lines.slice(0, SELECTION_MAX_BLOCK - 1), 'one.jpg'].join('\n'),
    });
    expect(atMost.status).toBe(200);
    expect(atMost.body.ids).toEqual([ids['one.jpg']]);
  });

  it('edits a selection, leaving assets another user holds', async () => {
    const { db } = dam.services;
    const mine = await db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'mo')
      .executeTakeFirstOrThrow();
    await db
      .updateTable('assets')
      .set({ checked_out_by: mine.id })
      .where('id', '=', ids['two.jpg'] as number)
      .execute();
    const edited = await carla.post('/assets/bulk-edit', {
      ids: Object.values(ids),
      set: { description: 'Bulk', addKeywords: ['new'], removeKeywords: ['old'] },
    });
    expect(edited.body).toEqual({ updated: 2, locked: [ids['two.jpg']] });
    expect((await carla.get(`/assets/${ids['one.jpg']}`)).body).toMatchObject({
      description: 'Bulk',
      keywords: ['new'],
    });
    expect((await carla.get(`/assets/${ids['two.jpg']}`)).body.keywords).toEqual(['old']);
    const bySearch = await mo.post('/assets/bulk-edit', {
      search: { q: 'three' },
      set: { addKeywords: ['m'] },
    });
    expect(bySearch.body.updated).toBe(1);
    expect((await carla.post('/search', { keywords: ['new'] })).body.total).toBe(2);
  });
});
