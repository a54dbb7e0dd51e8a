import { mkdtemp, readFile, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { open, passwordKey, seal } from './secret-box.ts';

describe('R-REMOTE-SERVERS passwords sealed with AES-GCM', () => {
  it('seals apart each time, opens back, and refuses a changed box or another key', async () => {
    const key = await passwordKey({ secret: 'x'.repeat(32), secretFile: '/nonexistent' });
    const a = seal(key, 'pa55word');
    expect(a).not.toContain('pa55word');
    expect(seal(key, 'pa55word')).not.toBe(a);
    expect(open(key, a)).toBe('pa55word');
    const parts = a.split('.');
    parts[3] = Buffer.from('other').toString('base64url');
    expect(() => open(key, parts.join('.'))).toThrow();
    const other = await passwordKey({ secret: 'y'.repeat(32), secretFile: '/nonexistent' });
    expect(() => open(other, a)).toThrow();
  });

  it('without DAM_SECRET makes one file once (0600), and two asking together get the same key', async () => {
    const secretFile = join(await mkdtemp(join(tmpdir(), 'dam-secret-')), 'secret.key');
    const [one, two] = await Promise.all([
      passwordKey({ secret: undefined, secretFile }),
      passwordKey({ secret: undefined, secretFile }),
    ]);
    expect(one.equals(two)).toBe(true);
    expect((await stat(secretFile)).mode & 0o777).toBe(0o600);
    expect((await readFile(secretFile, 'utf8')).length).toBeGreaterThanOrEqual(32);
  });
});
