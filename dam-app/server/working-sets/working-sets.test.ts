import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSET_MESSAGES } from '../../api/asset-messages.ts';
import { CART_FULL_NOTICE, EXPIRY_NOT_FUTURE } from '../../api/working-sets.ts';
import { ensureFolderRow } from '../folders/folder-queries.ts';
import { aclUser } from '../test-support/acl-fixture.ts';
import type { ApiClient } from '../test-support/api-client.ts';
import { DATABASE_KINDS, startTestDam, type TestDam } from '../test-support/test-dam.ts';

describe.each(DATABASE_KINDS)('collections and carts on %s', (kind) => {
  let dam: TestDam;
  let carla: ApiClient;
  let mo: ApiClient;
  let viewer: ApiClient;
  let libraryIds: number[];
  let marketingIds: number[];

  async function manyAssets(folder: string, count: number): Promise<number[]> {
    const { db } = dam.services;
    const folderId = await ensureFolderRow(db, folder);
    const rows = await db
      .insertInto('assets')
      .values(
        Array.from({ length: count }, (_, index) => ({
          folder_id: folderId,
          path: `${folder}/asset-${String(index).padStart(5, '0')}.jpg`,
          name: `asset-${String(index).padStart(5, '0')}.jpg`,
          file_name: `asset-${String(index).padStart(5, '0')}.jpg`,
          size: 100,
          content_hash: `${folder}-${index}`,
          date_created: new Date(),
          keywords: index % 2 ? ['odd'] : ['even'],
        })),
      )
      .returning('id')
      .execute();
    return rows.map((row) => row.id).sort((a, b) => a - b);
  }

  beforeAll(async () => {
    dam = await startTestDam(kind);
    carla = await aclUser(dam, 'carla', 'Library');
    mo = await aclUser(dam, 'mo', 'Library/Marketing', ['modifying collections']);
    viewer = await aclUser(dam, 'vic', 'Library', ['facet browsing']);
    libraryIds = await manyAssets('Library/Bulk', 1005);
    marketingIds = await manyAssets('Library/Marketing/Few', 3);
  });
  afterAll(() => dam.close());

  it('requires a cart name, unique per person', async () => {
    for (const name of ['', '   ']) {
      const refused = await carla.post('/carts', { name });
      expect(refused.status).toBe(400);
      expect(refused.body.error.user_message).toBe(ASSET_MESSAGES.cartNameRequired);
    }
    expect((await carla.post('/carts', {})).body.error.user_message).toBe(ASSET_MESSAGES.cartNameRequired);
    expect((await carla.post('/carts', { name: 'Shoot' })).status).toBe(201);
    const twice = await carla.post('/carts', { name: 'shoot' });
    expect(twice.status).toBe(409);
    expect(twice.body.error.user_message).toBe(ASSET_MESSAGES.cartNameUnique);
    expect((await mo.post('/carts', { name: 'Shoot' })).status).toBe(201);
  });

  it('adds at most 1000 assets to a cart: the first 1000', async () => {
    const cart = (await carla.post('/carts', { name: 'Big' })).body;
    const first = await carla.post(`/carts/${cart.id}/assets`, { ids: libraryIds.slice(0, 10) });
    expect(first.body).toEqual({ added: 10, skipped: 0, notices: [] });
    const rest = await carla.post(`/carts/${cart.id}/assets`, { ids: libraryIds });
    expect(rest.body).toEqual({ added: 990, skipped: 15, notices: [CART_FULL_NOTICE] });
    const inCart = (await carla.get(`/carts/${cart.id}/assets`)).body.items.map((a: { id: number }) => a.id);
    expect(inCart).toEqual(libraryIds.slice(0, 1000));
    expect((await carla.get('/carts')).body).toContainEqual({ id: cart.id, name: 'Big', assetCount: 1000 });
    const full = await carla.post(`/carts/${cart.id}/assets`, { ids: libraryIds.slice(1000) });
    expect(full.body).toEqual({ added: 0, skipped: 5, notices: [CART_FULL_NOTICE] });
  });

  it('adds by search, only what the person may see, and keeps carts private', async () => {
    const cart = (await mo.post('/carts', { name: 'From search' })).body;
    const added = await mo.post(`/carts/${cart.id}/assets`, { search: { q: 'asset' } });
    expect(added.body.added).toBe(3);
    const sneaky = await mo.post(`/carts/${cart.id}/assets`, { ids: libraryIds.slice(0, 5) });
    expect(sneaky.body).toMatchObject({ added: 0, skipped: 5 });
    expect((await carla.get(`/carts/${cart.id}/assets`)).status).toBe(404);
    expect((await carla.delete(`/carts/${cart.id}`)).status).toBe(404);
    await mo.post(`/carts/${cart.id}/assets/remove`, { ids: [marketingIds[0]] });
    expect((await mo.get(`/carts/${cart.id}/assets`)).body.items).toHaveLength(2);
  });

  it('keeps every collection field, and shares by group, public flag and modifiable flag', async () => {
    const created = await carla.post('/collections', {
      name: 'Spring campaign',
      description: 'Picks for the spring campaign',
      public: false,
      modifiable: true,
      bundle: true,
      expiresAt: new Date(Date.now() + 5 * 86_400_000).toISOString(),
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Spring campaign',
      description: 'Picks for the spring campaign',
      owner: 'carla',
      sharedWithGroupId: null,
      modifiable: true,
      public: false,
      bundle: true,
      assetCount: 0,
    });
    const id = created.body.id;
    expect((await mo.get('/collections')).body).toEqual([]);
    expect((await mo.get(`/collections/${id}/assets`)).status).toBe(404);

    const updated = await carla.put(`/collections/${id}`, {
      name: 'Spring campaign',
      description: 'Picks for the spring campaign',
      public: true,
      modifiable: true,
      bundle: true,
    });
    expect(updated.body).toMatchObject({ public: true, expiresAt: null });
    const add = await carla.post(`/collections/${id}/assets`, {
      ids: [...libraryIds.slice(0, 3), ...marketingIds],
    });
    expect(add.body.added).toBe(6);
    // Mo sees the public collection, but only the assets inside Mo's own ACL root.
    const seen = (await mo.get(`/collections/${id}/assets`)).body.items.map((a: { id: number }) => a.id);
    expect(seen.sort()).toEqual([...marketingIds].sort());
    // Modifiable: Mo may add; the viewer lacks 'modifying collections'.
    expect((await mo.post(`/collections/${id}/assets/remove`, { ids: [marketingIds[0]] })).status).toBe(200);
    expect((await viewer.post(`/collections/${id}/assets`, { ids: [libraryIds[5]] })).status).toBe(403);
    expect((await mo.delete(`/collections/${id}`)).status).toBe(403);
  });

  it('counts and edits only the members a person may see (trashed ones and others outside the ACL root are not theirs)', async () => {
    const created = await carla.post('/collections', { name: 'Mixed picks', public: true, modifiable: true });
    const id = created.body.id;
    const hidden = libraryIds.slice(10, 13);
    const trashed = marketingIds[2] as number;
    await carla.post(`/collections/${id}/assets`, { ids: [...hidden, ...marketingIds] });
    await dam.services.db
      .updateTable('assets')
      .set({ status: 'trashed' })
      .where('id', '=', trashed)
      .execute();
    const countFor = async (client: ApiClient) =>
      ((await client.get('/collections')).body as { id: number; assetCount: number }[]).find(
        (c) => c.id === id,
      )?.assetCount;
    const listed = async (client: ApiClient) =>
      (await client.get(`/collections/${id}/assets`)).body.items.length;
    // The count is what the person can list: Carla sees the Library but not the trashed asset, Mo only Marketing.
    expect(await countFor(carla)).toBe(await listed(carla));
    expect(await countFor(carla)).toBe(5);
    expect(await countFor(mo)).toBe(await listed(mo));
    expect(await countFor(mo)).toBe(2);
    const single = await mo.put(`/collections/${id}`, {
      name: 'Mixed picks',
      modifiable: true,
      public: true,
    });
    expect(single.body.assetCount).toBe(2);
    // Mo may remove from the shared modifiable collection only what Mo can see; the others stay.
    expect((await mo.post(`/collections/${id}/assets/remove`, { ids: [...hidden, trashed] })).status).toBe(
      200,
    );
    expect(await countFor(carla)).toBe(5);
    const members = await dam.services.db
      .selectFrom('collection_assets')
      .select('asset_id')
      .where('collection_id', '=', id)
      .execute();
    expect(members.map((row) => row.asset_id).sort()).toEqual([...hidden, ...marketingIds].sort());
    expect((await mo.post(`/collections/${id}/assets/remove`, { ids: [marketingIds[0]] })).status).toBe(200);
    expect(await countFor(mo)).toBe(1);
    expect(await countFor(carla)).toBe(4);
  });

  it('shares with a group, and validates name and expiry', async () => {
    const { db } = dam.services;
    const group = await db
      .insertInto('groups')
      .values({ name: 'Team', description: '' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const vic = await db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'vic')
      .executeTakeFirstOrThrow();
    await db.insertInto('group_members').values({ group_id: group.id, user_id: vic.id }).execute();
    expect((await viewer.get('/groups/mine')).body).toEqual([{ id: group.id, name: 'Team' }]);
    expect((await mo.get('/groups/mine')).body).toEqual([]);
    const shared = await carla.post('/collections', { name: 'For the team', sharedWithGroupId: group.id });
    expect((await viewer.get('/collections')).body.map((c: { name: string }) => c.name)).toContain(
      'For the team',
    );
    expect((await mo.get(`/collections/${shared.body.id}/assets`)).status).toBe(404);

    const blank = await carla.post('/collections', { name: ' ' });
    expect(blank.body.error.user_message).toBe(ASSET_MESSAGES.nameRequired);
    const today = await carla.post('/collections', { name: 'Past', expiresAt: new Date().toISOString() });
    expect(today.body.error.user_message).toBe(EXPIRY_NOT_FUTURE);
    expect((await carla.post('/collections', { name: 'for the TEAM' })).status).toBe(409);
    // Only with a group that exists (a missing one was a 500), on creating and on changing alike.
    const missing = await carla.post('/collections', { name: 'Nobody', sharedWithGroupId: group.id + 1000 });
    expect(missing.status).toBe(400);
    expect(missing.body.error.fields).toHaveProperty('sharedWithGroupId');
    const changed = await carla.put(`/collections/${shared.body.id}`, {
      name: 'For the team',
      sharedWithGroupId: group.id + 1000,
    });
    expect(changed.status).toBe(400);
    // Renaming onto a taken name is the same conflict (it was a 500).
    const other = (await carla.post('/collections', { name: 'Other' })).body.id;
    const renamed = await carla.put(`/collections/${other}`, { name: 'For the team' });
    expect(renamed.status).toBe(409);
    expect(renamed.body.error.code).toBe('collection_exists');
  });
});
