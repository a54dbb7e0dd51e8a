import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../api/messages.ts';
import { DATABASE_KINDS, startTestDam, TEST_PASSWORD, type TestDam } from '../test-support/test-dam.ts';
import { MAX_FAILURES_PER_LOGIN } from './login-limiter.ts';

describe.each(DATABASE_KINDS)('sessions on %s', (kind) => {
  let dam: TestDam;
  beforeAll(async () => {
    dam = await startTestDam(kind);
    await dam.userClient('ada');
  });
  afterAll(() => dam.close());

  it('logs in by username or by email and says who is signed in', async () => {
    const byName = dam.client();
    const session = await byName.login('ADA', TEST_PASSWORD);
    expect(session.user.username).toBe('ada');
    expect(session.user).not.toHaveProperty('password_hash');
    expect((await byName.get('/session')).body.user.username).toBe('ada');

    const byEmail = dam.client();
    const response = await byEmail.post('/session', { email: 'ada@dam.example', password: TEST_PASSWORD });
    expect(response.status).toBe(200);
  });

  it('sets an HttpOnly, SameSite=Lax session cookie', async () => {
    const client = dam.client();
    const response = await client.post('/session', { username: 'ada', password: TEST_PASSWORD });
    const cookie = response.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^dam_session=[\w-]{43};/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).not.toContain('Secure');
  });

  it('marks the cookie Secure when the DAM is served over https', async () => {
    const behindTls = await startTestDam(kind, { DAM_PUBLIC_URL: 'https://dam.example' });
    try {
      await behindTls.userClient('tls', { origin: 'https://dam.example' });
      const client = behindTls.client({ origin: 'https://dam.example' });
      const response = await client.post('/session', { username: 'tls', password: TEST_PASSWORD });
      expect(response.status).toBe(200);
      expect(response.headers.get('set-cookie')).toContain('Secure');
      const plainOrigin = await behindTls
        .client()
        .post('/session', { username: 'tls', password: TEST_PASSWORD });
      expect(plainOrigin.status).toBe(403);
    } finally {
      await behindTls.close();
    }
  });

  it('says which field is missing', async () => {
    const response = await dam.client().post('/session', { password: '' });
    expect(response.status).toBe(400);
    expect(response.body.error.user_message).toBe(MESSAGES.usernameOrEmail);
    expect(response.body.error.fields).toEqual({
      username: MESSAGES.usernameOrEmail,
      password: MESSAGES.passwordEmpty,
    });
  });

  it('refuses a wrong password and an unknown user alike', async () => {
    const wrong = await dam.client().post('/session', { username: 'ada', password: 'nope' });
    const unknown = await dam.client().post('/session', { username: 'nobody-here', password: 'nope' });
    expect([wrong.status, unknown.status]).toEqual([401, 401]);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body.error.user_message).toBe(MESSAGES.loginFailed);
  });

  it('gives a new session id at login and ends the one the browser had', async () => {
    const client = dam.client();
    await client.login('ada', TEST_PASSWORD);
    const before = client.cookie;
    const stale = client.withOptions({});
    await client.login('ada', TEST_PASSWORD);
    expect(client.cookie).not.toBe(before);
    expect((await stale.get('/session')).body.error.code).toBe('session_timeout');
    expect((await client.get('/session')).status).toBe(200);
  });

  it('logs out', async () => {
    const client = dam.client();
    await client.login('ada', TEST_PASSWORD);
    const kept = client.withOptions({});
    expect((await client.delete('/session')).status).toBe(200);
    expect((await kept.get('/session')).status).toBe(401);
  });

  it('tells apart never signed in and a session that timed out', async () => {
    const anonymous = await dam.client().get('/session');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error.user_message).toBe(MESSAGES.unauthorized);

    const client = dam.client();
    await client.login('ada', TEST_PASSWORD);
    await dam.services.db
      .updateTable('sessions')
      .set({ last_seen_at: new Date(Date.now() - (dam.services.config.sessionIdleMinutes + 1) * 60_000) })
      .execute();
    const expired = await client.get('/session');
    expect(expired.status).toBe(401);
    expect(expired.body.error).toMatchObject({
      code: 'session_timeout',
      user_message: MESSAGES.sessionTimedOut,
    });
    expect((await client.get('/session')).body.error.code).toBe('session_timeout');
  });

  it('answers a page that asks who is signed in with 200 whoever it is, so a fresh load logs no error', async () => {
    const anonymous = await dam.client().get('/session/state');
    expect(anonymous).toMatchObject({ status: 200, body: { session: null, timedOut: false } });

    const client = dam.client();
    await client.login('ada', TEST_PASSWORD);
    const signedIn = await client.get('/session/state');
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.session.user.username).toBe('ada');
    expect(signedIn.body.timedOut).toBe(false);

    await dam.services.db
      .updateTable('sessions')
      .set({ last_seen_at: new Date(Date.now() - (dam.services.config.sessionIdleMinutes + 1) * 60_000) })
      .execute();
    expect(await client.get('/session/state')).toMatchObject({
      status: 200,
      body: { session: null, timedOut: true },
    });
  });

  it('refuses state-changing requests from another origin, or with no origin and no CSRF token', async () => {
    const client = dam.client();
    await client.login('ada', TEST_PASSWORD);
    const body = { name: 'from elsewhere' };
    const foreign = await client.withOptions({ origin: 'https://evil.example' }).post('/api-keys', body);
    expect(foreign.status).toBe(403);
    expect(foreign.body.error.code).toBe('bad_origin');
    const bare = client.withOptions({ origin: null });
    expect((await bare.post('/api-keys', body)).status).toBe(403);
    const crossSite = await bare.request('POST', '/api-keys', body, { 'sec-fetch-site': 'cross-site' });
    expect(crossSite.status).toBe(403);
    const withToken = await bare.request('POST', '/api-keys', body, {
      'x-csrf-token': client.csrfToken ?? '',
    });
    expect(withToken.status).toBe(201);
    const sameOrigin = await client.post('/api-keys', { name: 'same origin' });
    expect(sameOrigin.status).toBe(201);
  });

  it('lets nologin, pending and disabled accounts not log in', async () => {
    const { db } = dam.services;
    const client = await dam.userClient('dora');
    await db.updateTable('users').set({ status: 'disabled' }).where('username', '=', 'dora').execute();
    expect((await client.get('/session')).status).toBe(401);
    expect((await dam.client().post('/session', { username: 'dora', password: TEST_PASSWORD })).status).toBe(
      401,
    );
    const { hashPassword } = await import('./passwords.ts');
    const hash = await hashPassword(TEST_PASSWORD, 10);
    await db.updateTable('users').set({ password_hash: hash }).where('username', '=', 'nologin').execute();
    expect(
      (await dam.client().post('/session', { username: 'nologin', password: TEST_PASSWORD })).status,
    ).toBe(401);
    await db
      .updateTable('users')
      .set({ password_hash: hash, status: 'pending' })
      .where('username', '=', 'dora')
      .execute();
    expect((await dam.client().post('/session', { username: 'dora', password: TEST_PASSWORD })).status).toBe(
      401,
    );
  });

  it(`blocks an account name after ${MAX_FAILURES_PER_LOGIN} failed logins, even with the right password`, async () => {
    await dam.userClient('grace');
    for (let attempt = 0; attempt < MAX_FAILURES_PER_LOGIN; attempt++)
      expect(
        (await dam.client().post('/session', { username: 'grace', password: `guess-${attempt}` })).status,
      ).toBe(401);
    const blocked = await dam.client().post('/session', { username: 'grace', password: TEST_PASSWORD });
    expect(blocked.status).toBe(429);
    expect(blocked.body.error.user_message).toBe(MESSAGES.tooManyAttempts);
    // Another account from the same address is not blocked by grace's failures.
    expect((await dam.client().post('/session', { username: 'ada', password: TEST_PASSWORD })).status).toBe(
      200,
    );
  });

  it('records logins and failures in the audit log', async () => {
    const events = await dam.services.db.selectFrom('audit_log').select(['event', 'target']).execute();
    expect(events).toContainEqual({ event: 'login', target: 'ada' });
    expect(events).toContainEqual({ event: 'login_failed', target: 'ada' });
  });
});
