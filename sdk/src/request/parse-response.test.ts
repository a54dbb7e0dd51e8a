import { describe, expect, it } from 'vitest';
import { parseResponse } from './parse-response.ts';

describe('parseResponse', () => {
  it('reads empty and {} bodies as an empty object', () => {
    expect(parseResponse({ status: 200, body: '' })).toEqual({ ok: true, value: {} });
    expect(parseResponse({ status: 200, body: '{}' })).toEqual({ ok: true, value: {} });
  });

  it('fails unparseable JSON with code -1 Invalid request', () => {
    const result = parseResponse({ status: 200, body: '{nope' });
    expect(result.ok).toBe(false);
    expect(result).toMatchObject({ error: { error: { code: -1, internal_message: 'Invalid request' } } });
  });

  it('succeeds only on 200 without an error field', () => {
    expect(parseResponse({ status: 201, body: '{"a":1}' }).ok).toBe(false);
    expect(parseResponse({ status: 200, body: '{"error":{"code":5}}' }).ok).toBe(false);
    expect(parseResponse({ status: 200, body: '{"version":"4.2.0"}' })).toEqual({
      ok: true,
      value: { version: '4.2.0' },
    });
  });
});
