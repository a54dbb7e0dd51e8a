import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permissionNames } from '../../api/accounts.ts';
import { MESSAGES } from '../../api/messages.ts';
import type { ApiClient } from '../test-support/api-client.ts';
import { DATABASE_KINDS, startTestDam, type TestDam } from '../test-support/test-dam.ts';

describe.each(DATABASE_KINDS)('ACLs on %s', (kind) => {
  let dam: TestDam;
  let admin: ApiClient;
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    dam = await startTestDam(kind);
    admin = await dam.userClient('root-admin', { admin: true });
    const team = await admin.post('/admin/groups', { name: 'Team' });
    ids.team = team.body.id;
    for (const [name, rootPath, permissions] of [
      ['Photos', 'Library/Photos', ['facet browsing', 'quickDownload']],
      ['Video', 'Library/Video', ['fileUpload', 'new assets']],
      ['Secret', 'Secret', ['downloadHiRes']],
    ] as const) {
      const acl = await admin.post('/admin/acls', { name, rootPath, permissions });
      expect(acl.status).toBe(201);
      ids[name] = acl.body.id;
    }
    await admin.put(`/admin/acls/${ids.Photos}`, {
      name: 'Photos',
      rootPath: 'Library/Photos',
      permissions: ['facet browsing', 'quickDownload'],
      groupIds: [ids.team],
    });
  });
  afterAll(() => dam.close());

  it('gives a person the ACLs they hold directly and through groups, and the first as current', async () => {
    const member = await dam.userClient('mia', { groupNames: ['Team'] });
    const userId = (await member.get('/session')).body.user.id;
    await admin.put(`/admin/users/${userId}`, { aclIds: [ids.Video] });
    const session = (await member.get('/session')).body;
    expect(session.acls.map((acl: { name: string }) => acl.name)).toEqual(['Photos', 'Video']);
    expect(session.acl).toMatchObject({ name: 'Photos', permissions: ['facet browsing', 'quickDownload'] });
    expect(session.relativePath).toBe('Library/Photos');
    expect(session.aclRootMissing).toBe(false);
  });

  it('switches to a held ACL and keeps it for the next session', async () => {
    const member = await dam.userClient('noah', { groupNames: ['Team'] });
    const userId = (await member.get('/session')).body.user.id;
    await admin.put(`/admin/users/${userId}`, { aclIds: [ids.Video] });
    const switched = await member.put('/session/acl', { aclId: ids.Video });
    expect(switched.status).toBe(200);
    expect(switched.body.acl.name).toBe('Video');
    const again = dam.client();
    await again.login('noah', 'Test-Password-42');
    expect((await again.get('/session')).body.acl.name).toBe('Video');
  });

  it('answers 404, not 403, for an ACL the person does not hold', async () => {
    const member = await dam.userClient('olga', { groupNames: ['Team'] });
    const response = await member.put('/session/acl', { aclId: ids.Secret });
    expect(response.status).toBe(404);
    expect((await member.put('/session/acl', { aclId: 123456 })).status).toBe(404);
  });

  it('offers the other ACLs when the root path is missing', async () => {
    const member = await dam.userClient('pia', { groupNames: ['Team'] });
    const userId = (await member.get('/session')).body.user.id;
    await admin.put(`/admin/users/${userId}`, { aclIds: [ids.Video] });
    await rm(join(dam.services.config.storageRoot, 'Library/Video'), { recursive: true });
    const response = await member.put('/session/acl', { aclId: ids.Video });
    expect(response.status).toBe(409);
    expect(response.body.error.user_message).toBe(MESSAGES.aclRootMissing);
    expect(response.body.error.details.alternatives).toEqual([{ id: ids.Photos, name: 'Photos' }]);
    await mkdir(join(dam.services.config.storageRoot, 'Library/Video'), { recursive: true });
  });

  it('says when the person holds no ACL', async () => {
    const loner = await dam.userClient('quinn');
    const session = (await loner.get('/session')).body;
    expect(session.acl).toBeNull();
    expect(session.relativePath).toBeNull();
  });

  it('refuses root paths that leave the storage root', async () => {
    for (const rootPath of ['../outside', 'Library/../../etc', 'a/./../..'])
      expect(
        (await admin.post('/admin/acls', { name: `bad ${rootPath}`, rootPath, permissions: [] })).status,
      ).toBe(400);
  });

  it('lets admin mode override permissions, for administrators only', async () => {
    const chief = await dam.userClient('chief2', { admin: true, groupNames: ['Team'] });
    expect((await chief.get('/session')).body.permissions).toEqual(['facet browsing', 'quickDownload']);
    const on = await chief.put('/session/admin-mode', { enabled: true });
    expect(on.body.adminMode).toBe(true);
    expect(on.body.permissions).toHaveLength(permissionNames.length);
    expect((await chief.get('/session')).body.permissions).toContain('fileUpload');
    await chief.put('/session/admin-mode', { enabled: false });
    expect((await chief.get('/session')).body.permissions).not.toContain('fileUpload');
    const plain = await dam.userClient('rex', { groupNames: ['Team'] });
    expect((await plain.put('/session/admin-mode', { enabled: true })).status).toBe(403);
  });
});
