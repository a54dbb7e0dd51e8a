import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../api/messages.ts';
import type { ApiClient } from '../test-support/api-client.ts';
import { DATABASE_KINDS, startTestDam, TEST_PASSWORD, type TestDam } from '../test-support/test-dam.ts';

const acceptBody = (username: string) => ({
  username,
  password: TEST_PASSWORD,
  confirm: TEST_PASSWORD,
  profile: { email: 'ignored@example.com', firstName: 'In', lastName: 'Vitee' },
});

describe.each(DATABASE_KINDS)('invitations on %s', (kind) => {
  let dam: TestDam;
  let admin: ApiClient;
  let groupId: number;
  beforeAll(async () => {
    dam = await startTestDam(kind);
    admin = await dam.userClient('boss', { admin: true });
    groupId = (await admin.post('/admin/groups', { name: 'Guests' })).body.id;
    await admin.post('/admin/acls', {
      name: 'Guest area',
      rootPath: 'Library/Guests',
      permissions: ['facet browsing'],
      groupIds: [groupId],
    });
  });
  afterAll(() => dam.close());

  async function invite(email: string) {
    const response = await admin.post('/admin/invitations', { email, defaultGroupId: groupId });
    expect(response.status).toBe(201);
    const mail = await dam.mail.waitFor((each) => each.to.includes(email));
    return { invitation: response.body, mail };
  }

  it('mails the spec link ({host}/<main page>#CU<id>) and lets the invitee join the default group', async () => {
    const { invitation, mail } = await invite('iris@example.com');
    expect(invitation.link).toBe(`${dam.url}/index.html#CU${invitation.id}`);
    expect(mail.text).toContain(invitation.link);

    const view = await dam.client().get(`/invitations/${invitation.id}`);
    expect(view.body).toMatchObject({ email: 'iris@example.com', groupName: 'Guests' });

    const invitee = dam.client();
    const accepted = await invitee.post(`/invitations/${invitation.id}/accept`, acceptBody('iris'));
    expect(accepted.status).toBe(201);
    expect(accepted.body.user.profile.email).toBe('iris@example.com');
    expect(accepted.body.acl).toMatchObject({ name: 'Guest area', rootPath: 'Library/Guests' });
    expect((await invitee.get('/session')).status).toBe(200);

    const again = await dam.client().post(`/invitations/${invitation.id}/accept`, acceptBody('iris2'));
    expect(again.status).toBe(410);
    expect(again.body.error.user_message).toBe(MESSAGES.invitationDone);
    const list = await admin.get('/admin/invitations');
    expect(list.body.find((each: { id: string }) => each.id === invitation.id).state).toBe('accepted');
    // The inviter hears of it (R-NOTIFY: Invite Accepted), once.
    const told = (await admin.get('/notifications')).body.items.filter(
      (each: { type: string }) => each.type === 'Invite Accepted',
    );
    expect(told).toEqual([expect.objectContaining({ subject: 'iris (iris@example.com)', actor: 'iris' })]);
  });

  it('requires the invitation form fields', async () => {
    const { invitation } = await invite('fields@example.com');
    const body = acceptBody('fields');
    const response = await dam.client().post(`/invitations/${invitation.id}/accept`, {
      ...body,
      profile: { ...body.profile, firstName: '' },
    });
    expect(response.status).toBe(400);
    expect(response.body.error.fields['profile.firstName']).toBe(MESSAGES.requiredEmpty);
  });

  it('refuses a withdrawn, an expired and an unknown invitation with the spec messages', async () => {
    const { invitation } = await invite('gone@example.com');
    expect((await admin.delete(`/admin/invitations/${invitation.id}`)).status).toBe(200);
    expect((await dam.client().get(`/invitations/${invitation.id}`)).body.error.user_message).toBe(
      MESSAGES.invitationDone,
    );

    const { invitation: late } = await invite('late@example.com');
    await dam.services.db
      .updateTable('invitations')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', late.id)
      .execute();
    expect((await dam.client().get(`/invitations/${late.id}`)).body.error.user_message).toBe(
      MESSAGES.linkInvalid,
    );

    const unknown = await dam.client().get('/invitations/not-a-real-id');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.user_message).toBe(MESSAGES.invitationError);
  });

  it('makes one account when the same invitation is accepted twice at once', async () => {
    const { invitation } = await invite('twice@example.com');
    const results = await Promise.all([
      dam.client().post(`/invitations/${invitation.id}/accept`, acceptBody('twiceA')),
      dam.client().post(`/invitations/${invitation.id}/accept`, acceptBody('twiceB')),
    ]);
    expect(results.map((each) => each.status).sort()).toEqual([201, 410]);
  });

  it('says when the invitation could not be sent, and keeps nothing half-made', async () => {
    const broken = await (await import('../test-support/test-dam.ts')).startTestDam(kind, {
      SMTP_URL: 'smtp://127.0.0.1:1',
    });
    try {
      const boss = await broken.userClient('boss', { admin: true });
      const response = await boss.post('/admin/invitations', {
        email: 'lost@example.com',
        defaultGroupId: null,
      });
      expect(response.status).toBe(502);
      expect(response.body.error.user_message).toBe(MESSAGES.invitationNotSent);
      expect((await boss.get('/admin/invitations')).body).toEqual([]);
    } finally {
      await broken.close();
    }
  });
});
