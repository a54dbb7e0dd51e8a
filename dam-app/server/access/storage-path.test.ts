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
