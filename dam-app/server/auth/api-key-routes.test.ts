import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../api/messages.ts';
import { DATABASE_KINDS, startTestDam, type TestDam } from '../test-support/test-dam.ts';

describe.each(DATABASE_KINDS)('API keys on %s', (kind) => {
  let dam: TestDam;
  beforeAll(async () => {
    dam = await startTestDam(kind);
  });
  afterAll(() => dam.close());

  it('shows a new key once, stores only its hash, and accepts it as a bearer token', async () => {
    const owner = await dam.userClient('kim');
    const created = await owner.post('/api-keys', { name: 'Nightly sync' });
    expect(created.status).toBe(201);
    const key: string = created.body.key;
    expect(key).toMatch(/^rdam_[\w-]{43}$/);
    expect(created.body.prefix).toBe(key.slice(0, 11));

    const listed = await owner.get('/api-keys');
    expect(listed.body).toHaveLength(1);
    expect(JSON.stringify(listed.body)).not.toContain(key);
    const stored = await dam.services.db.selectFrom('api_keys').select('key_hash').executeTakeFirstOrThrow();
    expect(stored.key_hash).not.toContain(key.slice(5));

    const script = dam.client({ bearer: key, origin: null });
    expect((await script.get('/session')).body.user.username).toBe('kim');
    // Not a cookie, so no origin check: a script may change things with its key.
    expect((await script.put('/account', { profile: { email: 'kim@example.org' } })).status).toBe(200);
    const used = await owner.get('/api-keys');
    expect(used.body[0].lastUsedAt).not.toBeNull();
  });

  it('refuses a second key with the same name', async () => {
    const owner = await dam.userClient('lee');
    await owner.post('/api-keys', { name: 'CI' });
    const again = await owner.post('/api-keys', { name: 'ci' });
    expect(again.status).toBe(409);
    expect(again.body.error.user_message).toBe(MESSAGES.apiKeyExists);
    expect((await owner.post('/api-keys', { name: ' ' })).body.error.user_message).toBe(
      MESSAGES.requiredEmpty,
    );
  });

  it('revokes a key, and nobody else can revoke it', async () => {
    const owner = await dam.userClient('max');
    const created = await owner.post('/api-keys', { name: 'temp' });
    const stranger = await dam.userClient('ned');
    expect((await stranger.delete(`/api-keys/${created.body.id}`)).status).toBe(404);
    expect((await owner.delete(`/api-keys/${created.body.id}`)).status).toBe(200);
    const script = dam.client({ bearer: created.body.key });
    const refused = await script.get('/session');
    expect(refused.status).toBe(401);
    expect(refused.body.error.user_message).toBe(MESSAGES.tokenInvalid);
  });

  it('stops working when its owner is disabled', async () => {
    const owner = await dam.userClient('ola');
    const { key } = (await owner.post('/api-keys', { name: 'k' })).body;
    await dam.services.db
      .updateTable('users')
      .set({ status: 'disabled' })
      .where('username', '=', 'ola')
      .execute();
    expect((await dam.client({ bearer: key }).get('/session')).status).toBe(401);
  });
});
