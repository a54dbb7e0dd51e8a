import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PLATFORM_SETTINGS } from '../../api/platform-settings.ts';
import { TRANSFER_MESSAGES } from '../../api/transfer-messages.ts';
import type { ApiClient } from '../test-support/api-client.ts';
import { DATABASE_KINDS, startTestDam, type TestDam } from '../test-support/test-dam.ts';

describe.each(DATABASE_KINDS)(
  'R-PLATFORM-SETTINGS on %s: stored, changed by an administrator, read by the transfer flows',
  (kind) => {
    let dam: TestDam;
    let admin: ApiClient;
    let carlos: ApiClient;
    let aclId: number;
    let groupIds: number[] = [];
    const acl = {
      name: 'Marketing',
      rootPath: 'Library/Marketing',
      permissions: ['fileUpload', 'quickDownload'],
    };
    const upload = (client: ApiClient, extra: Record<string, unknown> = {}) =>
      client.post('/transfers/pre-transfer', {
        nodetarget: '/files/upload_setup',
        transfer_spec: { paths: [{ source: '/tmp/x.bin' }] },
        ...extra,
      });
    const download = (client: ApiClient, extra: Record<string, unknown> = {}) =>
      client.post('/transfers/pre-transfer', {
        nodetarget: '/files/download_setup',
        transfer_spec: { paths: [{ source: 'Launch/a.bin' }] },
        ...extra,
      });

    beforeAll(async () => {
      dam = await startTestDam(kind, {
        DAM_EMBEDDED_NODE: 'true',
        DAM_NODE_API_PORT: '0',
        DAM_NODE_TRANSFER_PORT: '0',
      });
      admin = await dam.userClient('boss', { admin: true });
      const authors = await admin.post('/admin/groups', { name: 'Authors' });
      groupIds = [authors.body.id];
      const created = await admin.post('/admin/acls', { ...acl, groupIds });
      aclId = created.body.id;
      carlos = await dam.userClient('carlos', { groupNames: ['Authors'] });
      await mkdir(join(dam.services.config.storageRoot, 'Library/Marketing/Launch/Day1'), {
        recursive: true,
      });
    });
    afterAll(() => dam.close());
    /** Saves the ACL with this relative path (absent: unchanged), its holders kept. */
    const saveAcl = (relativePath?: string | null) =>
      admin.put(`/admin/acls/${aclId}`, {
        ...acl,
        groupIds,
        ...(relativePath === undefined ? {} : { relativePath }),
      });

    it('reads the defaults until an administrator changes them; only an administrator may', async () => {
      expect((await carlos.get('/platform-settings')).body).toEqual(DEFAULT_PLATFORM_SETTINGS);
      const change = { prefixWorkFolders: true, asperaSeamless: 'true', workspaceId: 'ws-7' };
      expect((await carlos.put('/admin/platform-settings', change)).status).toBe(403);
      const saved = await admin.put('/admin/platform-settings', change);
      expect(saved.status).toBe(200);
      expect(saved.body).toEqual(change);
      expect((await carlos.get('/platform-settings')).body).toEqual(change);
      const audit = await dam.services.db
        .selectFrom('audit_log')
        .select('event')
        .where('event', '=', 'platform_settings_saved')
        .execute();
      expect(audit).toHaveLength(1);
      expect((await admin.put('/admin/platform-settings', { ...change, workspaceId: 'a b' })).status).toBe(
        400,
      );
      expect((await admin.put('/admin/platform-settings', { ...change, extra: 1 })).status).toBe(400);
    });

    it('R-PRE-TRANSFER uses workspaceId: a page of another workspace gets no transfer; this one is tagged', async () => {
      await admin.put('/admin/platform-settings', {
        prefixWorkFolders: false,
        asperaSeamless: 'false',
        workspaceId: 'ws-7',
      });
      const other = await upload(carlos, { workspaceId: 'ws-8' });
      expect(other.status).toBe(400);
      expect(other.body.error.fields.workspaceId).toBeTruthy();
      const mine = await upload(carlos, { workspaceId: 'ws-7' });
      expect(mine.status).toBe(200);
      expect(mine.body.transfer_specs[0].transfer_spec.tags.dam.workspace).toBe('ws-7');
    });

    it('R-PRE-TRANSFER uses nodehost: one of the DAM’s nodes is that node, any other host is refused', async () => {
      const node = new URL(dam.services.nodes[0]?.url ?? '');
      const named = await upload(carlos, { nodehost: node.host });
      expect(named.status).toBe(200);
      expect(named.body.transfer_specs[0].transfer_spec.tags.dam.node).toBe(dam.services.nodes[0]?.url);
      const stranger = await upload(carlos, { nodehost: 'node.elsewhere.example:443' });
      expect(stranger.status).toBe(400);
      expect(stranger.body.error.fields.nodehost).toBeTruthy();
    });

    it('R-ACL-RELATIVE-PATH: the ACL’s relative path roots the transfer paths; without it no transfer starts', async () => {
      // A folder under the root: uploads to the standard directory land there, downloads are relative to it.
      const deeper = await saveAcl('Library/Marketing/Launch/');
      expect(deeper.status).toBe(200);
      expect(deeper.body.relativePath).toBe('Library/Marketing/Launch');
      // Saved without it, the ACL keeps what it holds.
      expect((await saveAcl()).body.relativePath).toBe('Library/Marketing/Launch');
      expect((await carlos.get('/session')).body.relativePath).toBe('Library/Marketing/Launch');
      const up = await upload(carlos, { destPath: 'Day1' });
      expect(up.status).toBe(200);
      expect(up.body.transfer_specs[0].transfer_spec.destination_root).toBe('/Library/Marketing/Launch/Day1');
      const down = await download(carlos, { transfer_spec: { paths: [{ source: 'Day1' }] } });
      expect(down.status).toBe(200);
      expect(down.body.transfer_specs[0].transfer_spec.paths).toEqual([
        { source: '/Library/Marketing/Launch/Day1' },
      ]);

      // Outside the root (the whole storage too) is refused; null withdraws the permission.
      const outside = await saveAcl('Library/Other');
      expect(outside.status).toBe(400);
      expect(outside.body.error.fields.relativePath).toBeTruthy();
      expect((await saveAcl('')).status).toBe(400);
      const withdrawn = await saveAcl(null);
      expect(withdrawn.body.relativePath).toBeNull();
      expect((await carlos.get('/session')).body.relativePath).toBeNull();
      for (const refused of [await upload(carlos), await download(carlos)]) {
        expect(refused.status).toBe(403);
        expect(refused.body.error.code).toBe('no_relative_path');
        expect(refused.body.error.user_message).toBe(TRANSFER_MESSAGES.noAclPermission);
      }

      // Given back as the root: stored as the root (null), so it follows the root when that changes.
      const back = await saveAcl('Library/Marketing');
      expect(back.body.relativePath).toBe('Library/Marketing');
      const row = await dam.services.db
        .selectFrom('acls')
        .select(['relative_path', 'relative_path_held'])
        .where('id', '=', aclId)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ relative_path: null, relative_path_held: true });
      expect((await upload(carlos)).status).toBe(200);
    });

    it('a new ACL holds the relative path permission at its root unless created without it', async () => {
      const held = await admin.post('/admin/acls', { name: 'New', rootPath: 'Library/New', permissions: [] });
      expect(held.body.relativePath).toBe('Library/New');
      const without = await admin.post('/admin/acls', {
        name: 'No transfers',
        rootPath: 'Library/None',
        permissions: [],
        relativePath: null,
      });
      expect(without.body.relativePath).toBeNull();
    });
  },
);
