import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../api/messages.ts';
import { DATABASE_KINDS, startTestDam, type TestDam } from '../test-support/test-dam.ts';

const NEW_PASSWORD = 'Brand-New-Pass-7';

describe.each(DATABASE_KINDS)('what a password reset ends, and what an API key may not do, on %s', (kind) => {
  let dam: TestDam;
  beforeAll(async () => {
    dam = await startTestDam(kind);
  });
  afterAll(() => dam.close());

  const resetLink = async (username: string) => {
    const before = dam.mail.messages.length;
    expect((await dam.client().post('/password/forgot', { username })).status).toBe(202);
    const mail = await dam.mail.waitFor(
      (each) => each.to.includes(`${username}@dam.example`) && dam.mail.messages.indexOf(each) >= before,
    );
    return { mail, token: /#reset=([\w-]+)/.exec(mail.text)?.[1] ?? '' };
  };
  const reset = (token: string, password = NEW_PASSWORD) =>
    dam.client().post('/password/reset', { token, password, confirm: password });

  it('revokes every session and API key of the account, and says so in the mail and the answer', async () => {
    const owner = await dam.userClient('vera');
    const key = (await owner.post('/api-keys', { name: 'sync' })).body.key;
    expect((await dam.client({ bearer: key }).get('/session')).status).toBe(200);
    const { mail, token } = await resetLink('vera');
    expect(mail.text).toMatch(/API keys/);
    const answer = await reset(token);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ ok: true, sessionsEnded: 1, apiKeysRevoked: 1 });
    expect((await owner.get('/session')).status).toBe(401);
    const script = await dam.client({ bearer: key }).get('/session');
    expect(script.status).toBe(401);
    const left = await dam.services.db.selectFrom('api_keys').select('id').execute();
    expect(left).toEqual([]);
  });

  it('makes every older reset link invalid once a newer one is asked for', async () => {
    await dam.userClient('walt');
    const first = await resetLink('walt');
    const second = await resetLink('walt');
    expect(first.token).not.toBe(second.token);
    const old = await reset(first.token);
    expect(old.status).toBe(400);
    expect(old.body.error.user_message).toBe(MESSAGES.linkInvalid);
    expect((await reset(second.token)).status).toBe(200);
  });

  it('makes an older outstanding link invalid once a newer one was used', async () => {
    await dam.userClient('xena');
    const first = await resetLink('xena');
    // Links asked for at the same moment from two tabs: the second insert must not revive the first.
    const second = await resetLink('xena');
    expect((await reset(second.token)).status).toBe(200);
    expect((await reset(first.token, 'Other-Pass-99')).status).toBe(400);
  });

  it('lets no API key create, list or revoke API keys', async () => {
    const owner = await dam.userClient('yuri');
    const created = await owner.post('/api-keys', { name: 'first' });
    const script = dam.client({ bearer: created.body.key });
    const minted = await script.post('/api-keys', { name: 'second' });
    expect(minted.status).toBe(403);
    expect(minted.body.error.user_message).toBe(MESSAGES.noPermission);
    expect((await script.get('/api-keys')).status).toBe(403);
    expect((await script.delete(`/api-keys/${created.body.id}`)).status).toBe(403);
    expect((await owner.get('/api-keys')).body).toHaveLength(1);
  });
});
