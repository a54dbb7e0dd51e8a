import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../api/messages.ts';
import type { ApiClient } from '../test-support/api-client.ts';
import { DATABASE_KINDS, startTestDam, type TestDam } from '../test-support/test-dam.ts';

describe.each(DATABASE_KINDS)('R-CONFIGURATOR-LEASE on %s: one configurator at a time', (kind) => {
  let dam: TestDam;
  let ada: ApiClient;
  let bob: ApiClient;
  let workspaceId: number;
  const settings = { prefixWorkFolders: false, asperaSeamless: 'false', workspaceId: 'ws-7' };
  const workspace = { name: 'Marketing', headerColor: '#234e52', headerTextColor: '#ffffff' };

  beforeAll(async () => {
    dam = await startTestDam(kind);
    ada = await dam.userClient('ada', { admin: true });
    bob = await dam.userClient('bob', { admin: true });
    workspaceId = (await ada.post('/admin/workspaces', workspace)).body.id;
  });
  afterAll(() => dam.close());

  it('a second administrator is told who configures, and cannot save that scope until it is given back', async () => {
    const taken = await ada.post('/admin/configuration-lease', { scope: 'global' });
    expect(taken.status).toBe(200);
    expect(taken.body.holder).toBe('ada');
    // Renewing one's own lease works; another's is refused with the spec's text and the holder.
    expect((await ada.post('/admin/configuration-lease', { scope: 'global' })).status).toBe(200);
    const refused = await bob.post('/admin/configuration-lease', { scope: 'global' });
    expect(refused.status).toBe(409);
    expect(refused.body.error.user_message).toBe(MESSAGES.anotherConfigurator);
    expect(refused.body.error.details.holder).toBe('ada');
    const blocked = await bob.put('/admin/platform-settings', settings);
    expect(blocked.status).toBe(409);
    expect(blocked.body.error.code).toBe('configuring');
    expect((await ada.put('/admin/platform-settings', settings)).status).toBe(200);

    // Scopes are apart: a workspace is free while the global settings are held.
    expect((await bob.post('/admin/configuration-lease', { scope: `workspace:${workspaceId}` })).status).toBe(
      200,
    );
    expect((await ada.put(`/admin/workspaces/${workspaceId}`, workspace)).status).toBe(409);

    // Released, the other takes it.
    await ada.post('/admin/configuration-lease/release', { scope: 'global' });
    expect((await bob.post('/admin/configuration-lease', { scope: 'global' })).body.holder).toBe('bob');
    expect((await bob.put('/admin/platform-settings', settings)).status).toBe(200);
  });

  it('an expired lease is taken by the next administrator', async () => {
    await ada.post('/admin/configuration-lease', { scope: 'workspace:999' });
    expect((await bob.post('/admin/configuration-lease', { scope: 'workspace:999' })).status).toBe(409);
    await dam.services.db
      .updateTable('configuration_leases')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('scope', '=', 'workspace:999')
      .execute();
    expect((await bob.post('/admin/configuration-lease', { scope: 'workspace:999' })).body.holder).toBe(
      'bob',
    );
    expect((await bob.post('/admin/configuration-lease', { scope: 'nonsense' })).status).toBe(400);
  });
});
