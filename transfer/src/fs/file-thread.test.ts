import { existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FileThread } from './file-thread.ts';

describe('FileThread', () => {
  it('runs the steps asked for in one turn in order on its thread: write, sync, rename with a time, remove', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'writer-'));
    writeFileSync(join(dir, 'stale'), 'old checkpoint');
    writeFileSync(join(dir, 'gone'), 'x');
    const writer = new FileThread();
    await Promise.all([
      writer.run({
        kind: 'write',
        path: join(dir, 'new/deep/a.partial'),
        data: Buffer.from('abc'),
        stale: join(dir, 'stale'),
      }),
      writer.run({ kind: 'datasync', path: join(dir, 'new/deep/a.partial') }),
      writer.run({
        kind: 'rename',
        from: join(dir, 'new/deep/a.partial'),
        to: join(dir, 'new/deep/a'),
        mtimeMs: 1_000_000,
      }),
      writer.run({ kind: 'remove', path: join(dir, 'gone') }),
    ]);
    expect(readFileSync(join(dir, 'new/deep/a'), 'utf8')).toBe('abc');
    expect(statSync(join(dir, 'new/deep/a')).mtimeMs).toBe(1_000_000);
    expect(existsSync(join(dir, 'new/deep/a.partial'))).toBe(false);
    expect(existsSync(join(dir, 'stale'))).toBe(false);
    expect(existsSync(join(dir, 'gone'))).toBe(false);
  });

  it('fails only the step that failed, with the file system error code', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'writer-'));
    const writer = new FileThread();
    const outcomes = await Promise.allSettled([
      writer.run({ kind: 'rename', from: join(dir, 'missing'), to: join(dir, 'x') }),
      writer.run({
        kind: 'write',
        path: join(dir, 'ok'),
        data: Buffer.from('fine'),
        stale: join(dir, 'none'),
      }),
    ]);
    expect(outcomes[0]).toMatchObject({ status: 'rejected', reason: { code: 'ENOENT' } });
    expect(outcomes[1]?.status).toBe('fulfilled');
    expect(readFileSync(join(dir, 'ok'), 'utf8')).toBe('fine');
  });
});
