import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../api/messages.ts';
import type { ApiClient } from '../test-support/api-client.ts';
import { DATABASE_KINDS, startTestDam, TEST_PASSWORD, type TestDam } from '../test-support/test-dam.ts';
import { licensedUserCount } from './account-queries.ts';

const LIMIT = 8;

const account = (username: string) => ({
  username,
  password: TEST_PASSWORD,
  confirm: TEST_PASSWORD,
  profile: { email: `${username}@dam.example`, firstName: 'Test', lastName: 'Person' },
});

describe.each(DATABASE_KINDS)('the license user limit on %s', (kind) => {
  let dam: TestDam;
  let admin: ApiClient;
  const idOf = async (username: string) =>
    (
      await dam.services.db
        .selectFrom('users')
        .select('id')
        .where('username', '=', username)
        .executeTakeFirstOrThrow()
    ).id;

  beforeAll(async () => {
    dam = await startTestDam(kind, { DAM_LICENSE_USERS: String(LIMIT) });
    admin = await dam.userClient('licenceadmin', { admin: true });
    for (let index = await licensedUserCount(dam.services.db); index < LIMIT; index++)
      expect((await dam.client().post('/accounts', account(`seat${index}`))).status).toBe(201);
  });
  afterAll(() => dam.close());

  it('lets only one of many concurrent sign-ups take the last free seat', async () => {
    await admin.put(`/admin/users/${await idOf('seat2')}`, { status: 'disabled' });
    expect(await licensedUserCount(dam.services.db)).toBe(LIMIT - 1);
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, index) => dam.client().post('/accounts', account(`rush${index}`))),
    );
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(1);
    for (const answer of answers.filter((each) => each.status !== 201)) {
      expect(answer.status).toBe(403);
      expect(answer.body.error.user_message).toBe(MESSAGES.licenseFull);
    }
    expect(await licensedUserCount(dam.services.db)).toBe(LIMIT);
  });

  it('refuses to re-enable a disabled account while the license is full, and allows it once a seat is free', async () => {
    const seat2 = await idOf('seat2');
    const refused = await admin.put(`/admin/users/${seat2}`, { status: 'active' });
    expect(refused.status).toBe(403);
    expect(refused.body.error.user_message).toBe(MESSAGES.licenseFull);
    expect(await licensedUserCount(dam.services.db)).toBe(LIMIT);

    // Changing anything else of a disabled account, or of an active one, is not blocked by a full license.
    expect(
      (await admin.put(`/admin/users/${seat2}`, { profile: { email: 'seat2@dam.example', firstName: 'S' } }))
        .status,
    ).toBe(200);
    expect((await admin.put(`/admin/users/${await idOf('seat3')}`, { status: 'active' })).status).toBe(200);

    await admin.put(`/admin/users/${await idOf('seat4')}`, { status: 'disabled' });
    expect((await admin.put(`/admin/users/${seat2}`, { status: 'active' })).status).toBe(200);
    expect(await licensedUserCount(dam.services.db)).toBe(LIMIT);
  });

  it('lets only one of many concurrent re-enables take the last free seat', async () => {
    await admin.put(`/admin/users/${await idOf('seat5')}`, { status: 'disabled' });
    await admin.put(`/admin/users/${await idOf('seat6')}`, { status: 'disabled' });
    await admin.put(`/admin/users/${await idOf('seat5')}`, { status: 'active' });
    const ids = [await idOf('seat4'), await idOf('seat6')];
    const answers = await Promise.all(ids.map((id) => admin.put(`/admin/users/${id}`, { status: 'active' })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 403]);
    expect(await licensedUserCount(dam.services.db)).toBe(LIMIT);
  });
});
