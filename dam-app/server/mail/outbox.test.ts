import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestDam, type TestDam } from '../test-support/test-dam.ts';

describe('mail without an SMTP server', () => {
  let dam: TestDam;
  beforeAll(async () => {
    dam = await startTestDam('pglite', {}, { smtp: false });
  });
  afterAll(() => dam.close());

  it('writes each mail to the outbox, raw and summarised, for administrators to read', async () => {
    const admin = await dam.userClient('boss', { admin: true });
    const invited = await admin.post('/admin/invitations', {
      email: 'offline@example.com',
      defaultGroupId: null,
    });
    expect(invited.status).toBe(201);
    const outbox = await admin.get('/admin/outbox');
    expect(outbox.body).toHaveLength(1);
    expect(outbox.body[0]).toMatchObject({
      to: 'offline@example.com',
      subject: 'boss invited you to Rapid DAM',
    });
    expect(outbox.body[0].text).toContain(invited.body.link);

    const files = await readdir(join(dam.home, 'outbox'));
    const eml = files.find((name) => name.endsWith('.eml')) as string;
    const raw = await readFile(join(dam.home, 'outbox', eml), 'utf8');
    expect(raw).toMatch(/^From: Rapid DAM <dam@localhost>$/m);
    expect(raw).toMatch(/^To: offline@example.com$/m);
    expect(dam.mail.messages).toEqual([]);
  });

  it('sends queued mail (a reset) through the job queue into the outbox', async () => {
    await dam.userClient('forgetful');
    const admin = await dam.userClient('boss2', { admin: true });
    await dam.client().post('/password/forgot', { username: 'forgetful' });
    const deadline = Date.now() + 10_000;
    let subjects: string[] = [];
    while (Date.now() < deadline) {
      subjects = (await admin.get('/admin/outbox')).body.map((mail: { subject: string }) => mail.subject);
      if (subjects.includes('Reset your Rapid DAM password')) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(subjects).toContain('Reset your Rapid DAM password');
  });
});
