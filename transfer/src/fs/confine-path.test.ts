import { mkdirSync, mkdtempSync, realpathSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { confinePath, isUnderRoots, PathEscapeError } from './confine-path.ts';

let root: string;
beforeAll(() => {
  const base = realpathSync(mkdtempSync(join(tmpdir(), 'confine-')));
  root = join(base, 'root');
  mkdirSync(join(root, 'inside'), { recursive: true });
  mkdirSync(join(base, 'outside'));
  symlinkSync(join(base, 'outside'), join(root, 'escape'));
  symlinkSync(join(root, 'inside'), join(root, 'fine-link'));
  symlinkSync('/etc/passwd', join(root, 'passwd'));
});

describe('confinePath', () => {
  it.each([
    ['a.txt', 'a.txt'],
    ['/a.txt', 'a.txt'],
    ['inside/./b', 'inside/b'],
    ['//inside//c', 'inside/c'],
    ['/etc/passwd-like', 'etc/passwd-like'],
    ['fine-link/x', 'fine-link/x'],
    ['', ''],
  ])('maps %j inside the root', (path, expected) => {
    expect(confinePath(root, path)).toBe(join(root, expected));
  });

  it.each([
    '..',
    '../x',
    'inside/../../x',
    '/../etc/passwd',
    'a/..',
    'a\\..\\b',
    'C:/Windows',
    'nul\0byte',
    'escape',
    'escape/new-file',
    'escape/deep/new/dir/file',
    'passwd',
  ])('refuses hostile path %j', (path) => {
    expect(() => confinePath(root, path)).toThrow(PathEscapeError);
  });
});

describe('isUnderRoots', () => {
  it.each([
    ['/in/a', ['/in'], true],
    ['/in', ['/in/'], true],
    ['/inx/a', ['/in'], false],
    ['/anything', ['/'], true],
    ['/a', ['/b', '/a'], true],
  ])('%s under %j is %s', (path, roots, expected) => {
    expect(isUnderRoots(path, roots)).toBe(expected);
  });
});
