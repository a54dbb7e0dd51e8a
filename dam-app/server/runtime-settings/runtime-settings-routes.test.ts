import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../api/messages.ts';
import { scanUpload } from '../antivirus/antivirus-service.ts';
import type { ApiClient } from '../test-support/api-client.ts';
import { startSmtpInbox } from '../test-support/smtp-inbox.ts';
import { DATABASE_KINDS, startTestDam, TEST_PASSWORD, type TestDam } from '../test-support/test-dam.ts';
import { tusDriver } from '../test-support/tus-test-driver.ts';

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
      // No SMTP_URL: the SMTP settings are the administrators’ (R-RUNTIME-SMTP).
      dam = await startTestDam(kind, env, { smtp: false });
      if (kind === 'postgres')
        other = await startTestDam(kind, env, { databaseUrl: dam.databaseUrl, smtp: false });
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

    it('R-RUNTIME-SMTP: mail goes to the SMTP server the settings name, changed without a restart; the password sealed', async () => {
      const [first, second] = await Promise.all([startSmtpInbox(), startSmtpInbox()]);
      try {
        const port = (url: string) => new URL(url).port;
        const mail = (subject: string) => ({ to: 'ops@example.com', subject, text: 'hello' });
        // No SMTP server named yet: the outbox takes the mail.
        await dam.services.deliverMail(mail(`outbox ${kind}`));
        expect((await dam.services.outbox())?.map((each) => each.subject)).toContain(`outbox ${kind}`);

        const saved = await admin.put('/admin/runtime-settings', {
          values: {
            DAM_SMTP_HOST: '127.0.0.1',
            DAM_SMTP_PORT: port(first.url),
            DAM_SMTP_PASSWORD: 'Smtp-Secret-77',
            MAIL_FROM: 'DAM Ops <ops@dam.example>',
          },
        });
        expect(saved.status).toBe(200);
        expect(JSON.stringify(saved.body)).not.toContain('Smtp-Secret-77');
        expect(await setting(admin, 'DAM_SMTP_PASSWORD')).toMatchObject({ value: '', stored: true });
        const row = await dam.services.db
          .selectFrom('platform_settings')
          .select('value')
          .where('name', '=', 'DAM_SMTP_PASSWORD')
          .executeTakeFirstOrThrow();
        expect(row.value).not.toContain('Smtp-Secret-77');
        expect(dam.services.config.smtp?.password).toBe('Smtp-Secret-77');
        const audited = await dam.services.db
          .selectFrom('audit_log')
          .select('details')
          .where('event', '=', 'runtime_settings_saved')
          .orderBy('id', 'desc')
          .executeTakeFirstOrThrow();
        expect(JSON.stringify(audited.details)).not.toContain('Smtp-Secret-77');

        await dam.services.sendMail(mail(`first ${kind}`));
        await first.waitFor((each) => each.subject === `first ${kind}`);
        expect(await dam.services.outbox()).toBeUndefined();

        // Another SMTP server: the next mail goes there, from this server and from the other of the cluster.
        await admin.put('/admin/runtime-settings', { values: { DAM_SMTP_PORT: port(second.url) } });
        await dam.services.sendMail(mail(`second ${kind}`));
        await second.waitFor((each) => each.subject === `second ${kind}`);
        const peer = other ?? dam;
        await eventually(async () => String(peer.services.config.smtp?.port) === port(second.url));
        await peer.services.deliverMail(mail(`peer ${kind}`));
        await second.waitFor((each) => each.subject === `peer ${kind}`);
        expect(first.messages.map((each) => each.subject)).toEqual([`first ${kind}`]);
      } finally {
        await admin.put('/admin/runtime-settings', {
          values: { DAM_SMTP_HOST: null, DAM_SMTP_PORT: null, DAM_SMTP_PASSWORD: null, MAIL_FROM: null },
        });
        await Promise.all([first.close(), second.close()]);
      }
    });

    it('R-RUNTIME-UPLOAD-SIZE: a tus or HTTP upload over a lowered limit is refused at once, and the limit announced', async () => {
      const tus = tusDriver(dam.url, carlos);
      const announced = async () =>
        (
          await fetch(`${dam.url}/api/v1/uploads`, {
            method: 'OPTIONS',
            headers: { 'tus-resumable': '1.0.0', cookie: carlos.cookie ?? '', origin: dam.url },
          })
        ).headers.get('tus-max-size');
      const binary = () =>
        fetch(`${dam.url}/api/v1/metadata/imports/preview?format=csv`, {
          method: 'POST',
          headers: {
            'content-type': 'application/octet-stream',
            cookie: admin.cookie ?? '',
            origin: dam.url,
          },
          body: new Uint8Array(5_000),
        });
      // Uploads are pinned off in this suite: under the limit, tus goes on to the permission check (403).
      expect((await tus.create(5_000, { filename: 'a.bin', destPath: '' })).status).toBe(403);
      expect((await binary()).status).not.toBe(413);

      expect(
        (await admin.put('/admin/runtime-settings', { values: { DAM_MAX_UPLOAD_BYTES: '4096' } })).status,
      ).toBe(200);
      expect(await announced()).toBe('4096');
      expect((await tus.create(5_000, { filename: 'a.bin', destPath: '' })).status).toBe(413);
      expect((await binary()).status).toBe(413);
      await eventually(async () => (other ?? dam).services.config.maxUploadBytes === 4096);

      await admin.put('/admin/runtime-settings', { values: { DAM_MAX_UPLOAD_BYTES: null } });
      expect((await tus.create(5_000, { filename: 'a.bin', destPath: '' })).status).toBe(403);
      expect((await binary()).status).not.toBe(413);
    });
  },
);
