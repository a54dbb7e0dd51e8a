import { mkdirSync, mkdtempSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { PathEscapeError } from './confine-path.ts';
import { PathConfiner } from './path-confiner.ts';

let base: string;
let root: string;
beforeEach(() => {
  base = realpathSync(mkdtempSync(join(tmpdir(), 'confiner-')));
  root = join(base, 'root');
  mkdirSync(join(root, 'inside'), { recursive: true });
  mkdirSync(join(base, 'outside'));
  symlinkSync(join(base, 'outside'), join(root, 'escape'));
  symlinkSync(join(root, 'inside'), join(root, 'fine-link'));
});

describe('PathConfiner', () => {
  it('maps paths inside the root as confinePath does', () => {
    const confiner = new PathConfiner(root);
    expect(confiner.confine('inside/a')).toBe(join(root, 'inside/a'));
    expect(confiner.confine('/inside/b')).toBe(join(root, 'inside/b'));
    expect(confiner.confine('fine-link/x')).toBe(join(root, 'fine-link/x'));
    expect(confiner.confine('new/deep/c')).toBe(join(root, 'new/deep/c'));
    expect(confiner.confine('')).toBe(root);
  });

  it.each(['..', 'inside/../../x', 'a\\b', 'C:/x', 'nul\0', 'escape', 'escape/new-file', 'escape/deep/file'])(
    'refuses hostile path %j',
    (path) => {
      const confiner = new PathConfiner(root);
      confiner.confine('inside/warm-up');
      expect(() => confiner.confine(path)).toThrow(PathEscapeError);
    },
  );

  it('still refuses a link to the outside in a folder it already found inside', () => {
    const confiner = new PathConfiner(root);
    expect(confiner.confine('inside/first')).toBe(join(root, 'inside/first'));
    writeFileSync(join(base, 'outside/secret'), 'x');
    symlinkSync(join(base, 'outside/secret'), join(root, 'inside/second'));
    expect(() => confiner.confine('inside/second')).toThrow(PathEscapeError);
  });

  it('finds a new folder under a link out refused, however many files it holds', () => {
    const confiner = new PathConfiner(root);
    for (const name of ['a', 'b', 'c'])
      expect(() => confiner.confine(`escape/new/${name}`)).toThrow(PathEscapeError);
    expect(confiner.confine('inside/new/a')).toBe(join(root, 'inside/new/a'));
  });
});
