import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../api/messages.ts';
import { DATABASE_KINDS, startTestDam, TEST_PASSWORD, type TestDam } from '../test-support/test-dam.ts';
import { ACCOUNT_LOCK_FAILURES, FREE_FAILURES_PER_ADDRESS, MAX_FAILURES_PER_LOGIN } from './login-limiter.ts';

const NEW_PASSWORD = 'Brand-New-Pass-7';

/** POST /session from a given loopback address (127.0.0.0/8 is all this machine), as a real socket does. */
function loginFrom(
  dam: TestDam | string,
  from: string,
  body: Record<string, string>,
): Promise<{ status: number; retryAfter: number | undefined; code: string | undefined; message?: string }> {
  const url = new URL('/api/v1/session', typeof dam === 'string' ? dam : dam.url);
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        localAddress: from,
        agent: false,
        headers: { 'content-type': 'application/json', origin: url.origin },
      },
      (res) => {
        let text = '';
        res.on('data', (data) => {
          text += data;
        });
        res.on('end', () => {
          const parsed = JSON.parse(text);
          const retry = res.headers['retry-after'];
          resolve({
            status: res.statusCode ?? 0,
            retryAfter: retry === undefined ? undefined : Number(retry),
            code: parsed.error?.code,
            message: parsed.error?.user_message,
          });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

describe.each(DATABASE_KINDS)('login throttling on %s', (kind) => {
  let dam: TestDam;
  beforeAll(async () => {
    dam = await startTestDam(kind);
  });
  afterAll(() => dam.close());

  it('checks no more than the allowed guesses when 30 arrive at once', async () => {
    await dam.userClient('ann');
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, n) =>
        loginFrom(dam, '127.0.0.2', { username: 'ann', password: `g${n}` }),
      ),
    );
    const checked = answers.filter((each) => each.status === 401).length;
    expect(checked).toBeLessThanOrEqual(MAX_FAILURES_PER_LOGIN);
    expect(answers.filter((each) => each.status === 429).length).toBe(30 - checked);
    const refused = answers.find((each) => each.status === 429);
    expect(refused?.message).toBe(MESSAGES.tooManyAttempts);
    expect(refused?.retryAfter).toBeGreaterThan(0);
  });

  it('lets many people behind one address log in at once', async () => {
    const names = Array.from({ length: 50 }, (_, n) => `office${n}`);
    for (const name of names) await dam.userClient(name);
    const answers = await Promise.all(
      names.map((username) => loginFrom(dam, '127.0.0.6', { username, password: TEST_PASSWORD })),
    );
    expect(answers.map((each) => each.status)).toEqual(names.map(() => 200));
  });

  it('counts guesses by user name and by e-mail against the same account', async () => {
    await dam.userClient('bob');
    const from = '127.0.0.3';
    for (let n = 0; n < MAX_FAILURES_PER_LOGIN; n++)
      expect((await loginFrom(dam, from, { username: 'BOB', password: `g${n}` })).status).toBe(401);
    const byEmail = await loginFrom(dam, from, { email: 'bob@dam.example', password: 'another' });
    expect(byEmail.status).toBe(429);
    const byEmailRight = await loginFrom(dam, from, { email: 'BOB@dam.example', password: TEST_PASSWORD });
    expect(byEmailRight.status).toBe(429);
  });

  it('blocks the guessing address, not the owner signing in from elsewhere', async () => {
    await dam.userClient('cleo');
    for (let n = 0; n < MAX_FAILURES_PER_LOGIN; n++)
      await loginFrom(dam, '127.0.0.4', { username: 'cleo', password: `g${n}` });
    expect((await loginFrom(dam, '127.0.0.4', { username: 'cleo', password: TEST_PASSWORD })).status).toBe(
      429,
    );
    expect((await loginFrom(dam, '127.0.0.5', { username: 'cleo', password: TEST_PASSWORD })).status).toBe(
      200,
    );
  });

  it('locks an account guessed at from many addresses until a password reset lifts it', async () => {
    await dam.userClient('dina');
    let address = 10;
    for (let failures = 0; failures < ACCOUNT_LOCK_FAILURES; address++)
      for (let n = 0; n < MAX_FAILURES_PER_LOGIN - 1 && failures < ACCOUNT_LOCK_FAILURES; n++, failures++)
        expect(
          (await loginFrom(dam, `127.0.1.${address}`, { username: 'dina', password: `g${n}` })).status,
        ).toBe(401);
    const owner = await loginFrom(dam, '127.0.2.1', { username: 'dina', password: TEST_PASSWORD });
    expect(owner.status).toBe(429);

    await dam.client().post('/password/forgot', { username: 'dina' });
    const mail = await dam.mail.waitFor((each) => each.to.includes('dina@dam.example'));
    const token = /#reset=([\w-]+)/.exec(mail.text)?.[1] ?? '';
    const reset = await dam
      .client()
      .post('/password/reset', { token, password: NEW_PASSWORD, confirm: NEW_PASSWORD });
    expect(reset.status).toBe(200);
    expect((await loginFrom(dam, '127.0.2.1', { username: 'dina', password: NEW_PASSWORD })).status).toBe(
      200,
    );
  });

  it('slows an address that guesses across many accounts, more with every failure', async () => {
    const from = '127.0.3.1';
    for (let n = 0; n < FREE_FAILURES_PER_ADDRESS; n++)
      expect((await loginFrom(dam, from, { username: `spray-${n}`, password: 'Summer2026!' })).status).toBe(
        401,
      );
    const slowed = await loginFrom(dam, from, { username: 'spray-x', password: 'Summer2026!' });
    expect(slowed.status).toBe(429);
    const first = slowed.retryAfter ?? 0;
    expect(first).toBeGreaterThan(0);
    // The wait passes (the clock is moved back rather than waited for): one more guess, then a longer wait.
    const age = async () =>
      dam.services.db
        .updateTable('login_throttle')
        .set({ at: new Date(Date.now() - 10 * 60_000) })
        .where('ip', '=', from)
        .execute();
    await age();
    expect((await loginFrom(dam, from, { username: 'spray-y', password: 'Summer2026!' })).status).toBe(401);
    const slower = await loginFrom(dam, from, { username: 'spray-z', password: 'Summer2026!' });
    expect(slower.status).toBe(429);
    expect(slower.retryAfter ?? 0).toBeGreaterThan(first);
    // Another address is not slowed.
    await dam.userClient('eve');
    expect((await loginFrom(dam, '127.0.3.2', { username: 'eve', password: TEST_PASSWORD })).status).toBe(
      200,
    );
  });
});

describe('login throttling across two server processes on one PostgreSQL', () => {
  let first: TestDam;
  let second: TestDam;
  beforeAll(async () => {
    first = await startTestDam('postgres');
    second = await startTestDam('postgres', {}, { databaseUrl: first.databaseUrl as string });
  });
  afterAll(async () => {
    await second.close();
    await first.close();
  });

  it('counts concurrent guesses at both servers together', async () => {
    await first.userClient('fay');
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, n) =>
        loginFrom(n % 2 ? first : second, '127.0.0.9', { username: 'fay', password: `g${n}` }),
      ),
    );
    expect(answers.filter((each) => each.status === 401).length).toBeLessThanOrEqual(MAX_FAILURES_PER_LOGIN);
  });
});
