import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../api/messages.ts';
import { DATABASE_KINDS, startTestDam, TEST_PASSWORD, type TestDam } from '../test-support/test-dam.ts';

const NEW_PASSWORD = 'Brand-New-Pass-7';

describe.each(DATABASE_KINDS)('passwords on %s', (kind) => {
  let dam: TestDam;
  beforeAll(async () => {
    dam = await startTestDam(kind);
  });
  afterAll(() => dam.close());

  it('mails a reset link that sets a new password once and ends every session', async () => {
    const other = await dam.userClient('rosa');
    const forgot = await dam.client().post('/password/forgot', { email: 'rosa@dam.example' });
    expect(forgot.status).toBe(202);
    const mail = await dam.mail.waitFor((each) => each.to.includes('rosa@dam.example'));
    expect(mail.subject).toBe('Reset your Rapid DAM password');
    const token = /#reset=([\w-]+)/.exec(mail.text)?.[1] ?? '';
    expect(mail.text).toContain(`${dam.url}/#reset=${token}`);

    const reset = await dam
      .client()
      .post('/password/reset', { token, password: NEW_PASSWORD, confirm: NEW_PASSWORD });
    expect(reset.status).toBe(200);
    expect((await other.get('/session')).status).toBe(401);
    expect((await dam.client().post('/session', { username: 'rosa', password: NEW_PASSWORD })).status).toBe(
      200,
    );

    const again = await dam
      .client()
      .post('/password/reset', { token, password: 'Another-Pass-8', confirm: 'Another-Pass-8' });
    expect(again.status).toBe(400);
    expect(again.body.error.user_message).toBe(MESSAGES.linkInvalid);
  });

  it('answers the same for an account that does not exist, and sends nothing', async () => {
    const before = dam.mail.messages.length;
    const response = await dam.client().post('/password/forgot', { username: 'no-such-person' });
    expect(response.status).toBe(202);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(dam.mail.messages.length).toBe(before);
  });

  it('refuses an expired reset link', async () => {
    await dam.userClient('tess');
    await dam.client().post('/password/forgot', { username: 'tess' });
    const mail = await dam.mail.waitFor((each) => each.to.includes('tess@dam.example'));
    const token = /#reset=([\w-]+)/.exec(mail.text)?.[1] ?? '';
    await dam.services.db
      .updateTable('password_resets')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .execute();
    const response = await dam
      .client()
      .post('/password/reset', { token, password: NEW_PASSWORD, confirm: NEW_PASSWORD });
    expect(response.body.error.user_message).toBe(MESSAGES.linkInvalid);
  });

  it.each([
    [
      { oldPassword: '', password: NEW_PASSWORD, confirm: NEW_PASSWORD },
      'oldPassword',
      MESSAGES.oldPasswordRequired,
    ],
    [
      { oldPassword: 'wrong-one', password: NEW_PASSWORD, confirm: NEW_PASSWORD },
      'oldPassword',
      MESSAGES.oldPasswordIncorrect,
    ],
    [
      { oldPassword: TEST_PASSWORD, password: TEST_PASSWORD, confirm: TEST_PASSWORD },
      'password',
      MESSAGES.oldAndNewSame,
    ],
    [
      { oldPassword: TEST_PASSWORD, password: NEW_PASSWORD, confirm: 'different' },
      'confirm',
      MESSAGES.passwordsDoNotMatch,
    ],
    [
      { oldPassword: TEST_PASSWORD, password: 'Sh0rt', confirm: 'Sh0rt' },
      'password',
      MESSAGES.passwordTooShort,
    ],
    [
      { oldPassword: TEST_PASSWORD, password: 'alllowercase1', confirm: 'alllowercase1' },
      'password',
      'Passwords must contain at least 1 upper-case letter.',
    ],
  ])('change password: %j → %s says %s', async (body, field, message) => {
    const client = await dam.userClient(`u${Math.random().toString(36).slice(2, 10)}`);
    const response = await client.post('/password/change', body);
    expect(response.status).toBe(400);
    expect(response.body.error.fields[field]).toBe(message);
  });

  it('changes the password and ends the other sessions but not this one', async () => {
    const client = await dam.userClient('vera');
    const otherDevice = dam.client();
    await otherDevice.login('vera', TEST_PASSWORD);
    const response = await client.post('/password/change', {
      oldPassword: TEST_PASSWORD,
      password: NEW_PASSWORD,
      confirm: NEW_PASSWORD,
    });
    expect(response.status).toBe(200);
    expect((await client.get('/session')).status).toBe(200);
    expect((await otherDevice.get('/session')).status).toBe(401);
    const audit = await dam.services.db
      .selectFrom('audit_log')
      .select('event')
      .where('event', '=', 'password_changed')
      .execute();
    expect(audit.length).toBeGreaterThan(0);
  });
});
