import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { scopeOf } from './read-body.ts';

const app = new Hono().get('/scope', (c) => c.json({ scope: scopeOf(c) ?? 'every transfer' }));
const scope = async (headers: Record<string, string>) =>
  ((await (await app.request('/scope', { headers })).json()) as { scope: string }).scope;

describe('scopeOf', () => {
  it('limits a page to its own origin, and a caller without one to nothing', async () => {
    expect(await scope({ 'x-rapid-origin': 'https://dam.example' })).toBe('https://dam.example');
    expect(await scope({})).toBe('');
  });

  it("gives the extension's own pages every transfer", async () => {
    expect(await scope({ 'x-rapid-caller': 'extension', 'x-rapid-origin': 'chrome-extension://id' })).toBe(
      'every transfer',
    );
  });
});
