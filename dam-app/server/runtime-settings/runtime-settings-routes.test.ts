import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../api/messages.ts';
import { scanUpload } from '../antivirus/antivirus-service.ts';
import type { ApiClient } from '../test-support/api-client.ts';
import { DATABASE_KINDS, startTestDam, TEST_PASSWORD, type TestDam } from '../test-support/test-dam.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls until `check` holds (a NOTIFY reaches the other server a moment after the commit). */
async function eventually(check: () => Promise<boolean>, ms = 5_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('the change never arrived');
    await sleep(25);
  }
}

describe.each(DATABASE_KINDS)(
  'R-RUNTIME-SETTINGS on %s: stored, audited, pinned by the environment, live',
  (kind) => {
    // The environment pins uploads off; everything else is the administrators’ to change.
    // clamd's address is set but nothing answers there: a scan is tried, and comes back unscanned.
    const env = { DAM_ALLOW_UPLOAD: 'false', DAM_CLAMD: '/nonexistent/clamd.sock' };
    let dam: TestDam;
    /** A second server on the same PostgreSQL database (a cluster of two); on PGlite the one process. */
    let other: TestDam | undefined;
    let admin: ApiClient;
    let otherAdmin: ApiClient;
    let carlos: ApiClient;

    beforeAll(async () => {
      dam = await startTestDam(kind, env);
      if (kind === 'postgres') other = await startTestDam(kind, env, { databaseUrl: dam.databaseUrl });
      admin = await dam.userClient('boss', { admin: true });
      carlos = await dam.userClient('carlos');
      otherAdmin = admin;
      if (other) {
        otherAdmin = other.client();
        await otherAdmin.login('boss', TEST_PASSWORD);
      }
    });
    afterAll(async () => {
      await other?.close();
      await dam.close();
    });

    const setting = async (client: ApiClient, name: string) =>
      (await client.get('/admin/runtime-settings')).body.settings.find(
        (each: { name: string }) => each.name === name,
      );

    it('lists each setting with its value now and whether the environment pins it; administrators only', async () => {
      expect((await carlos.get('/admin/runtime-settings')).status).toBe(403);
      expect(await setting(admin, 'DAM_ALLOW_UPLOAD')).toEqual({
        name: 'DAM_ALLOW_UPLOAD',
        value: 'false',
        pinned: true,
        stored: false,
      });
      expect(await setting(admin, 'DAM_SHARE_MAX_DAYS')).toEqual({
        name: 'DAM_SHARE_MAX_DAYS',
        value: '90',
        pinned: false,
        stored: false,
      });
    });

    it('a change applies on every server without a restart, and is audited', async () => {
      expect((await carlos.get('/session')).body.features.allowDownload).toBe(true);
      const saved = await admin.put('/admin/runtime-settings', {
        values: { DAM_ALLOW_DOWNLOAD: 'false', DAM_SESSION_IDLE_MINUTES: '30' },
      });
      expect(saved.status).toBe(200);
      // This server: from the next request on.
      expect((await carlos.get('/session')).body.features.allowDownload).toBe(false);
      expect(dam.services.config.sessionIdleMinutes).toBe(30);
      // The other server of the cluster: on the notification.
      const second = other ?? dam;
      await eventually(async () => second.services.config.allowDownload === false);
      expect(second.services.config.sessionIdleMinutes).toBe(30);
      expect(await setting(otherAdmin, 'DAM_ALLOW_DOWNLOAD')).toMatchObject({ value: 'false', stored: true });

      const rows = await dam.services.db
        .selectFrom('audit_log')
        .select(['event', 'details'])
        .where('event', '=', 'runtime_settings_saved')
        .execute();
      expect(rows).toHaveLength(1);
      const details = typeof rows[0]?.details === 'string' ? JSON.parse(rows[0].details) : rows[0]?.details;
      expect(details.changes.DAM_ALLOW_DOWNLOAD).toEqual({ from: null, to: 'false' });

      // Back to the default (null): everywhere again.
      await admin.put('/admin/runtime-settings', { values: { DAM_ALLOW_DOWNLOAD: null } });
      expect((await carlos.get('/session')).body.features.allowDownload).toBe(true);
      await eventually(async () => second.services.config.allowDownload === true);
      expect(await setting(admin, 'DAM_ALLOW_DOWNLOAD')).toMatchObject({ value: 'true', stored: false });
    });

    it('a value the environment pins cannot be changed; a bad value is refused by the environment’s own rules', async () => {
      const pinned = await admin.put('/admin/runtime-settings', { values: { DAM_ALLOW_UPLOAD: 'true' } });
      expect(pinned.status).toBe(409);
      expect(pinned.body.error.code).toBe('setting_pinned');
      expect(pinned.body.error.user_message).toBe(MESSAGES.settingPinned);
      expect(dam.services.config.allowUpload).toBe(false);

      const tooLong = await admin.put('/admin/runtime-settings', {
        values: { DAM_PASSWORD_MIN_LENGTH: '500' },
      });
      expect(tooLong.status).toBe(400);
      expect(tooLong.body.error.fields.DAM_PASSWORD_MIN_LENGTH).toBe(MESSAGES.settingInvalid);
      expect(tooLong.body.error.message).toContain('at most 128');
      expect((await admin.put('/admin/runtime-settings', { values: { DAM_NOPE: '1' } })).status).toBe(400);
      expect(dam.services.config.passwordPolicy.minLength).toBe(10);
    });

    it.runIf(kind === 'postgres')('a stored value holds for a server that starts later', async () => {
      await admin.put('/admin/runtime-settings', { values: { DAM_SHARE_MAX_DAYS: '7' } });
      const later = await startTestDam(kind, env, { databaseUrl: dam.databaseUrl });
      try {
        expect(later.services.config.shareMaxDays).toBe(7);
      } finally {
        await later.close();
      }
    });

    it('R-UPLOAD-SCAN: scans while the antivirus is on; off, uploads go in unscanned by the site’s choice', async () => {
      const file = join(dam.home, 'upload.bin');
      await writeFile(file, 'bytes');
      const upload = { file, path: 'Library/upload.bin', userId: null, via: 'http' } as const;
      expect((await scanUpload(dam.services, upload)).result).toBe('unscanned');
      expect(
        (await admin.put('/admin/runtime-settings', { values: { DAM_ANTIVIRUS: 'false' } })).status,
      ).toBe(200);
      expect((await scanUpload(dam.services, upload)).result).toBe('not_configured');
      await admin.put('/admin/runtime-settings', { values: { DAM_ANTIVIRUS: null } });
      expect((await scanUpload(dam.services, upload)).result).toBe('unscanned');
    });
  },
);
