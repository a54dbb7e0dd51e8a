import { describe, expect, it } from 'vitest';
import { type NamingError, targetUnderRoot } from './destination-naming.ts';

const rule = (createDir: boolean, singleSource: boolean, rootKind: 'directory' | 'file' | 'missing') => ({
  createDir,
  singleSource,
  rootKind,
});

describe('create_dir naming (node-api.md §4.2)', () => {
  it('create_dir true: destination_root is always a folder', () => {
    expect(targetUnderRoot(rule(true, true, 'missing'), 'a.mov', 1)).toBe('a.mov');
    expect(targetUnderRoot(rule(true, false, 'missing'), 'dir/a.mov', 3)).toBe('dir/a.mov');
  });

  it('create_dir false, one file, no such folder: destination_root is the file name', () => {
    expect(targetUnderRoot(rule(false, true, 'missing'), 'a.mov', 1)).toBeUndefined();
    expect(targetUnderRoot(rule(false, true, 'file'), 'a.mov', 1)).toBeUndefined();
  });

  it('create_dir false into an existing folder keeps the names', () => {
    expect(targetUnderRoot(rule(false, true, 'directory'), 'a.mov', 1)).toBe('a.mov');
    expect(targetUnderRoot(rule(false, false, 'directory'), 'd/b', 2)).toBe('d/b');
  });

  it('create_dir false with several files, a folder source or pairs needs an existing folder', () => {
    const codeOf = (fn: () => unknown) => {
      try {
        fn();
      } catch (error) {
        return (error as NamingError).code;
      }
      return 0;
    };
    expect(codeOf(() => targetUnderRoot(rule(false, false, 'missing'), 'a', 2))).toBe(4);
    expect(codeOf(() => targetUnderRoot(rule(false, true, 'missing'), 'dir/a', 1))).toBe(4);
    expect(codeOf(() => targetUnderRoot(rule(false, true, 'missing'), 'a', 2))).toBe(4);
    expect(codeOf(() => targetUnderRoot(rule(false, false, 'file'), 'a', 1))).toBe(6);
  });
});
