import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { HOST_IDENTITY, NATIVE_HOST_NAME } from './names.ts';

describe('host identity', () => {
  it('derives the fixed extension id from the development key (native-messaging.md §8.4)', () => {
    const digest = createHash('sha256')
      .update(Buffer.from(HOST_IDENTITY.chromium.development_key, 'base64'))
      .digest();
    const id = [...digest.subarray(0, 16).toString('hex')]
      .map((hex) => String.fromCharCode(97 + Number.parseInt(hex, 16)))
      .join('');
    expect(HOST_IDENTITY.chromium.extension_ids).toContain(id);
  });

  it('uses a host name browsers accept', () => {
    expect(NATIVE_HOST_NAME).toMatch(/^[a-z0-9_]+(\.[a-z0-9_]+)*$/);
  });
});
