import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../api/messages.ts';
import { DATABASE_KINDS, startTestDam, TEST_PASSWORD, type TestDam } from '../test-support/test-dam.ts';

const account = (username: string, email = `${username}@dam.example`) => ({
  username,
  password: TEST_PASSWORD,
  confirm: TEST_PASSWORD,
  profile: { email, firstName: 'Test', lastName: 'Person' },
});

describe.each(DATABASE_KINDS)('accounts on %s', (kind) => {
  let dam: TestDam;
  beforeAll(async () => {
    dam = await startTestDam(kind, { DAM_LICENSE_USERS: '6' });
  });
  afterAll(() => dam.close());

  it('creates a pending account, mails its activation code, and activates it', async () => {
    const created = await dam.client().post('/accounts', account('newbie'));
    expect(created.status).toBe(201);
    const refused = await dam.client().post('/session', { username: 'newbie', password: TEST_PASSWORD });
    expect(refused.status).toBe(401);

    const mail = await dam.mail.waitFor((each) => each.to.includes('newbie@dam.example'));
    expect(mail.subject).toBe('Your Rapid DAM activation code');
    const code = /^ {4}([A-Z0-9]{8})$/m.exec(mail.text)?.[1] ?? '';
    expect(code).toHaveLength(8);

    const wrong = await dam.client().post('/accounts/activate', { username: 'newbie', code: 'WRONGCOD' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.user_message).toBe(MESSAGES.activationCodeInvalid);
    const empty = await dam.client().post('/accounts/activate', { username: 'newbie', code: ' ' });
    expect(empty.body.error.user_message).toBe(MESSAGES.activationCodeEmpty);

    expect(
      (await dam.client().post('/accounts/activate', { username: 'newbie', code: code.toLowerCase() }))
        .status,
    ).toBe(200);
    const session = await dam.client().login('newbie', TEST_PASSWORD);
    // A self-registered account holds no ACL until an administrator gives it one.
    expect(session.acl).toBeNull();
  });

  it.each([
    [{ ...account('x'), username: '' }, 'username', MESSAGES.usernameBlank],
    [{ ...account('x'), username: 'a'.repeat(33) }, 'username', MESSAGES.maxChars32],
    [{ ...account('x'), confirm: 'other' }, 'confirm', MESSAGES.passwordsDoNotMatch],
    [{ ...account('x'), password: '', confirm: '' }, 'password', MESSAGES.passwordEmpty],
    [account('x', 'x.example.com'), 'profile.email', MESSAGES.emailMissingAt],
    [account('x', 'x@@example.com'), 'profile.email', MESSAGES.emailManyAt],
    [account('x', '@example.com'), 'profile.email', MESSAGES.emailNoUser],
    [account('x', 'x@'), 'profile.email', MESSAGES.emailNoServer],
    [account('x', ''), 'profile.email', MESSAGES.requiredEmpty],
    [
      { ...account('x'), profile: { email: 'x@dam.example', phone: '555-CALL' } },
      'profile.phone',
      MESSAGES.phoneCharacters,
    ],
  ])('refuses %j: %s says %s', async (body, field, message) => {
    const response = await dam.client().post('/accounts', body);
    expect(response.status).toBe(400);
    expect(response.body.error.fields[field]).toBe(message);
  });

  it('refuses a user name that exists, whatever its case', async () => {
    await dam.userClient('taken');
    const response = await dam.client().post('/accounts', account('TAKEN'));
    expect(response.status).toBe(409);
    expect(response.body.error.user_message).toBe(MESSAGES.usernameExists);
  });

  it('refuses unknown fields', async () => {
    const response = await dam.client().post('/accounts', { ...account('sneaky'), isAdmin: true });
    expect(response.status).toBe(400);
    expect(response.body.error.fields).toHaveProperty('isAdmin');
  });

  it('edits every user field of R-USER-FIELDS on the account', async () => {
    const client = await dam.userClient('owen');
    const profile = {
      email: 'owen@example.org',
      firstName: 'Owen',
      mi: 'Q',
      lastName: 'Ng',
      company: 'Acme',
      position: 'Editor',
      address1: '1 Main St',
      address2: 'Floor 2',
      city: 'Springfield',
      state: 'IL',
      zip: '62701',
      country: 'US',
      phone: '+1 (555) 010-0000',
      ext: '42',
      dept: 'Photo',
      icon: 'owl',
    };
    const saved = await client.put('/account', { profile });
    expect(saved.status).toBe(200);
    expect(saved.body.profile).toEqual(profile);
    expect((await client.get('/account')).body.profile).toEqual(profile);
    const cleared = await client.put('/account', { profile: { ...profile, email: '' } });
    expect(cleared.body.error.fields['profile.email']).toBe(MESSAGES.requiredEmpty);
  });

  it('stops registrations when the license is full', async () => {
    const { licensedUserCount } = await import('./account-queries.ts');
    const used = await licensedUserCount(dam.services.db);
    for (let index = used; index < 6; index++) await dam.client().post('/accounts', account(`fill${index}`));
    const response = await dam.client().post('/accounts', account('onetoomany'));
    expect(response.status).toBe(403);
    expect(response.body.error.user_message).toBe(MESSAGES.licenseFull);
  });
});
