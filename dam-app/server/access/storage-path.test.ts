import { describe, expect, it } from 'vitest';
import { confinePath } from './storage-path.ts';

describe('confinePath', () => {
  it.each([
    ['', '/srv/storage'],
    ['Library', '/srv/storage/Library'],
    ['Library/Marketing/', '/srv/storage/Library/Marketing'],
    ['./Library//Photos', '/srv/storage/Library/Photos'],
  ])('keeps %j inside the root', (path, expected) => {
    expect(confinePath('/srv/storage', path)).toBe(expected);
  });
  it.each(['..', '../etc', 'Library/../../etc', '/etc/passwd', 'Library\\..\\..', 'a\0b'])(
    'refuses %j',
    (path) => {
      expect(confinePath('/srv/storage', path)).toBeUndefined();
    },
  );
});

describe('confinePath and symbolic links', () => {
  it('refuses a path that is, or passes through, a link — wherever it points', async () => {
    const { mkdtemp, mkdir, symlink, writeFile, rm } = await import('node:fs/promises');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const root = await mkdtemp(join(tmpdir(), 'rapid-confine-'));
    try {
      await mkdir(join(root, 'A/real'), { recursive: true });
      await mkdir(join(root, 'B'), { recursive: true });
      await writeFile(join(root, 'B/file.txt'), 'b');
      await symlink(join(root, 'B'), join(root, 'A/to-b'));
      await symlink(join(root, 'B/file.txt'), join(root, 'A/file-link.txt'));
      await symlink('/etc', join(root, 'A/etc'));
      expect(confinePath(root, 'A/real')).toBe(join(root, 'A/real'));
      expect(confinePath(root, 'A/real/not-yet/deeper.txt')).toBe(join(root, 'A/real/not-yet/deeper.txt'));
      for (const path of ['A/to-b', 'A/to-b/file.txt', 'A/to-b/new.txt', 'A/file-link.txt', 'A/etc/passwd'])
        expect(confinePath(root, path), path).toBeUndefined();
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});
