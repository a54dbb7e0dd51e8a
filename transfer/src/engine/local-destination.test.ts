import { existsSync, mkdtempSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RapidTransferSpec } from '@rapid/protocol';
import { describe, expect, it } from 'vitest';
import { LocalDestination } from './local-destination.ts';

const base = realpathSync(mkdtempSync(join(tmpdir(), 'local-dest-')));
const spec = (extra: Partial<RapidTransferSpec>): RapidTransferSpec => ({
  direction: 'receive',
  remote_host: 'node',
  paths: [{ source: '/a.bin.rapid-env' }],
  ...extra,
});

describe('where a download lands on the client', () => {
  it('creates destination_root under create_dir true and confines paths to it', () => {
    const root = join(base, 'made');
    const destination = new LocalDestination(spec({ destination_root: root }), undefined);
    expect(existsSync(root)).toBe(true);
    expect(destination.resolve('sub/a.bin', 2)).toBe(join(root, 'sub/a.bin'));
    expect(() => destination.resolve('../escape', 2)).toThrow();
  });

  it('uses destination_root as the file name under create_dir false and creates no folder', () => {
    const root = join(base, 'named.bin');
    const destination = new LocalDestination(spec({ destination_root: root, create_dir: false }), undefined);
    expect(existsSync(root)).toBe(false);
    expect(destination.resolve('a.bin', 1)).toBe(root);
  });

  it('strips .rapid-env under decrypt, keeps other names, and finalizes only envelopes by decrypting', () => {
    const root = join(base, 'dec');
    const destination = new LocalDestination(spec({ destination_root: root }), {
      mode: 'decrypt',
      passphrase: 'p',
    });
    expect(destination.resolve('a.bin.rapid-env', 2)).toBe(join(root, 'a.bin'));
    expect(destination.resolve('notes.txt', 2)).toBe(join(root, 'notes.txt'));
    expect(destination.resolve('.rapid-env', 2)).toBe(join(root, '.rapid-env'));
    expect(destination.finalizer(false)).toBeTypeOf('function');
    expect(
      new LocalDestination(spec({ destination_root: root }), undefined).finalizer(false),
    ).toBeUndefined();
  });
});
