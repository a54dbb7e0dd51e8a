import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FolderNames } from './folder-names.ts';

describe('FolderNames', () => {
  it('lists a folder receiving many files once: names not there are known absent, others may exist', () => {
    const dir = mkdtempSync(join(tmpdir(), 'names-'));
    const many = join(dir, 'many');
    const few = join(dir, 'few');
    mkdirSync(many);
    mkdirSync(few);
    writeFileSync(join(many, 'f1.partial.rapid'), '{}');
    writeFileSync(join(few, 'x'), '');
    const paths = [
      ...Array.from({ length: 4 }, (_, i) => join(many, `f${i}`)),
      join(few, 'x'),
      join(few, 'y'),
    ];
    const names = new FolderNames(paths, 3);
    expect(names.mayExist(join(many, 'f0'))).toBe(false);
    expect(names.mayExist(join(many, 'f1.partial.rapid'))).toBe(true);
    expect(names.mayExist(join(many, 'f2.partial.rapid'))).toBe(false);
    // Too few files there to list it: every name may exist.
    expect(names.mayExist(join(few, 'y'))).toBe(true);
  });

  it('knows a folder not made yet holds nothing', () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'names-')), 'not-yet');
    const names = new FolderNames([join(dir, 'a'), join(dir, 'b')], 2);
    expect(names.mayExist(join(dir, 'a'))).toBe(false);
  });
});
