import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../api/messages.ts';
import type { ApiClient } from '../test-support/api-client.ts';
import { DATABASE_KINDS, startTestDam, TEST_PASSWORD, type TestDam } from '../test-support/test-dam.ts';

// A proxy's or another product's credentials are not ours: they are ignored, never a 401 on their own.
const FOREIGN = ['Basic YWRhOnNlY3JldA==', 'Bearer eyJhbGciOiJIUzI1NiJ9.e30.sig', 'Negotiate YIIB', 'Bearer'];

describe.each(DATABASE_KINDS)('the Authorization header on %s', (kind) => {
  let dam: TestDam;
  let ada: ApiClient;
  let key: string;
  beforeAll(async () => {
    dam = await startTestDam(kind);
    ada = await dam.userClient('ada');
    key = (await ada.post('/api-keys', { name: 'script' })).body.key;
  });
  afterAll(() => dam.close());

  it('lets public routes ignore a foreign scheme or a token that is not an API key', async () => {
    for (const authorization of FOREIGN) {
      expect((await dam.client().request('GET', '/health', undefined, { authorization })).status).toBe(200);
      const login = await dam
        .client()
        .request('POST', '/session', { username: 'ada', password: TEST_PASSWORD }, { authorization });
      expect(login.status).toBe(200);
    }
  });

  it('still finds the session cookie beside a foreign Authorization header', async () => {
    for (const authorization of FOREIGN) {
      const response = await ada.request('GET', '/session', undefined, { authorization });
      expect(response.status).toBe(200);
      expect(response.body.user.username).toBe('ada');
    }
    const stranger = await dam
      .client()
      .request('GET', '/session', undefined, { authorization: FOREIGN[0] ?? '' });
    expect(stranger.status).toBe(401);
    expect(stranger.body.error.code).toBe('unauthorized');
  });

  it('answers 401 for a key of ours that is wrong, and takes a right one', async () => {
    const wrong = await dam.client({ bearer: `${key.slice(0, -4)}AAAA` }).get('/health');
    expect(wrong.status).toBe(401);
    expect(wrong.body.error.user_message).toBe(MESSAGES.tokenInvalid);
    expect((await dam.client({ bearer: key }).get('/session')).body.user.username).toBe('ada');
  });
});
