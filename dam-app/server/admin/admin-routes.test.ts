import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../api/messages.ts';
import type { ApiClient } from '../test-support/api-client.ts';
import { DATABASE_KINDS, startTestDam, TEST_PASSWORD, type TestDam } from '../test-support/test-dam.ts';

describe.each(DATABASE_KINDS)('administration on %s', (kind) => {
  let dam: TestDam;
  let admin: ApiClient;
  let adminId: number;
  beforeAll(async () => {
    dam = await startTestDam(kind);
    admin = await dam.userClient('head', { admin: true });
    adminId = (await admin.get('/session')).body.user.id;
  });
  afterAll(() => dam.close());

  it('creates a user with groups and ACLs who can then log in', async () => {
    const group = await admin.post('/admin/groups', { name: 'Editors', description: 'Edit things' });
    const acl = await admin.post('/admin/acls', {
      name: 'Editing',
      rootPath: '/Library/Editing/',
      permissions: ['file actions', 'new assets'],
      groupIds: [group.body.id],
    });
    expect(acl.body.rootPath).toBe('Library/Editing');
    const created = await admin.post('/admin/users', {
      username: 'sam',
      password: TEST_PASSWORD,
      profile: { email: 'sam@dam.example', firstName: 'Sam' },
      groupIds: [group.body.id],
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      username: 'sam',
      isAdmin: false,
      groupIds: [group.body.id],
      aclIds: [],
    });
    const sam = dam.client();
    const session = await sam.login('sam', TEST_PASSWORD);
    expect(session.acl.name).toBe('Editing');
    const groups = await admin.get('/admin/groups');
    expect(groups.body.find((each: { name: string }) => each.name === 'Editors').memberIds).toEqual([
      created.body.id,
    ]);
  });

  it('refuses duplicate names with a clear message', async () => {
    await admin.post('/admin/groups', { name: 'Dupes' });
    expect((await admin.post('/admin/groups', { name: 'dupes' })).status).toBe(409);
    const other = await admin.post('/admin/groups', { name: 'Other' });
    const renamed = await admin.put(`/admin/groups/${other.body.id}`, { name: 'DUPES' });
    expect(renamed.status).toBe(409);
    expect(renamed.body.error.fields.name).toBe('A group with this name already exists.');
    // Made straight in the database, so the audit log's newest ACL entry stays the first test's.
    const second = await dam.services.db
      .insertInto('acls')
      .values({ name: 'Second', root_path: 'Library/Second', permissions: [] })
      .returning('id')
      .executeTakeFirstOrThrow();
    const aclRenamed = await admin.put(`/admin/acls/${second.id}`, {
      name: 'editing',
      rootPath: 'Library/Second',
      permissions: [],
    });
    expect(aclRenamed.status).toBe(409);
    expect(
      (
        await admin.post('/admin/users', {
          username: 'HEAD',
          password: TEST_PASSWORD,
          profile: { email: 'h@dam.example' },
        })
      ).body.error.user_message,
    ).toBe(MESSAGES.usernameExists);
  });

  it('disables a user, which ends their sessions', async () => {
    const victim = await dam.userClient('tom');
    const id = (await victim.get('/session')).body.user.id;
    expect((await admin.put(`/admin/users/${id}`, { status: 'disabled' })).body.status).toBe('disabled');
    expect((await victim.get('/session')).status).toBe(401);
  });

  it('sets a new password under the policy', async () => {
    const person = await dam.userClient('uma');
    const id = (await person.get('/session')).body.user.id;
    const weak = await admin.put(`/admin/users/${id}`, { password: 'weak' });
    expect(weak.body.error.fields.password).toContain(MESSAGES.passwordTooShort);
    expect((await admin.put(`/admin/users/${id}`, { password: 'Fresh-Pass-99' })).status).toBe(200);
    expect((await dam.client().post('/session', { username: 'uma', password: 'Fresh-Pass-99' })).status).toBe(
      200,
    );
  });

  it('never deletes root, nologin or guest, and deletes nothing of a selection that names one', async () => {
    const users = (await admin.get('/admin/users')).body as {
      id: number;
      username: string;
      special: string | null;
    }[];
    const special = users.filter((user) => user.special !== null);
    expect(special.map((user) => user.username).sort()).toEqual(['guest', 'nologin', 'root']);
    const doomed = await dam.userClient('vic');
    const doomedId = (await doomed.get('/session')).body.user.id;
    const refused = await admin.post('/admin/users/delete', {
      ids: [doomedId, (special[0] as { id: number }).id],
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error.user_message).toBe(MESSAGES.specialUsers);
    expect((await admin.get(`/admin/users/${doomedId}`)).status).toBe(200);
    expect((await admin.post('/admin/users/delete', { ids: [doomedId] })).body.deleted).toBe(1);
    expect((await admin.get(`/admin/users/${doomedId}`)).status).toBe(404);
    expect((await doomed.get('/session')).status).toBe(401);
  });

  it('keeps administrators from locking themselves out', async () => {
    expect((await admin.put(`/admin/users/${adminId}`, { isAdmin: false })).status).toBe(409);
    expect((await admin.post('/admin/users/delete', { ids: [adminId] })).status).toBe(409);
  });

  it('answers 404 for ids that do not exist', async () => {
    expect((await admin.put('/admin/groups/424242', { name: 'x' })).status).toBe(404);
    expect((await admin.delete('/admin/acls/424242')).status).toBe(404);
    expect(
      (
        await admin.post('/admin/users', {
          username: 'wes',
          password: TEST_PASSWORD,
          profile: { email: 'w@dam.example' },
          groupIds: [424242],
        })
      ).status,
    ).toBe(404);
    expect(
      (await admin.get('/admin/users')).body.some((user: { username: string }) => user.username === 'wes'),
    ).toBe(false);
  });

  it('logs permission changes, and pages the audit log newest first', async () => {
    const page = await admin.get('/admin/audit?limit=3');
    expect(page.body).toHaveLength(3);
    const ids = page.body.map((entry: { id: number }) => entry.id);
    expect([...ids].sort((a: number, b: number) => b - a)).toEqual(ids);
    const next = await admin.get(`/admin/audit?limit=3&before=${ids[2]}`);
    expect(next.body[0].id).toBeLessThan(ids[2]);
    const saved = await admin.get('/admin/audit?event=acl_saved');
    expect(saved.body[0]).toMatchObject({ event: 'acl_saved', actor: 'head', target: 'Editing' });
    expect(saved.body[0].details.permissions).toEqual(['file actions', 'new assets']);
    const events = new Set(
      (await admin.get('/admin/audit?limit=500')).body.map((entry: { event: string }) => entry.event),
    );
    for (const event of ['login', 'user_created', 'group_saved', 'acl_saved', 'user_updated', 'user_deleted'])
      expect(events).toContain(event);
  });
});
