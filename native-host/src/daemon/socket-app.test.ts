import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { SessionRegistry } from '../legacy/session-registry.ts';
import { createSocketApp } from './socket-app.ts';

describe('the socket app', () => {
  it('holds calls until the daemon has restored its transfers, then answers them', async () => {
    const api = new Hono().post('/connect/transfers/info/:id', (c) => c.json({ id: c.req.param('id') }));
    let restore = () => {};
    const restored = new Promise<void>((resolve) => {
      restore = resolve;
    });
    const app = createSocketApp(api, new SessionRegistry(), restored);
    let answered = false;
    const response = Promise.resolve(
      app.request('/connect/transfers/info/t-1', { method: 'POST', body: '{}' }),
    ).then((each) => {
      answered = true;
      return each;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(answered).toBe(false);
    restore();
    expect(await (await response).json()).toEqual({ id: 't-1' });
  });
});
