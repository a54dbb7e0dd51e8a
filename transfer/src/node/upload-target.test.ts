import { mkdirSync, mkdtempSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { uploadTargets } from './upload-target.ts';

const docroot = realpathSync(mkdtempSync(join(tmpdir(), 'targets-')));
mkdirSync(join(docroot, 'in'));
const one = [{ source: '/local/a.mov' }];
const codeOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return (error as { code?: number }).code;
  }
  return 0;
};

describe('upload targets on the node', () => {
  it('joins offered paths under destination_root (create_dir true)', () => {
    const target = uploadTargets(docroot, { destination_root: '/in/new', create_dir: true, paths: one }, [
      '/in',
    ]);
    expect(target('a.mov', 1)).toEqual({ relative: '/in/new/a.mov', local: join(docroot, 'in/new/a.mov') });
  });

  it('names the file destination_root under create_dir false', () => {
    const target = uploadTargets(docroot, { destination_root: '/in/b.mov', create_dir: false, paths: one }, [
      '/in',
    ]);
    expect(target('a.mov', 1).relative).toBe('/in/b.mov');
  });

  it('refuses paths outside the token roots (41) and missing folders under create_dir false (4)', () => {
    const outside = uploadTargets(docroot, { destination_root: '/other', create_dir: true, paths: one }, [
      '/in',
    ]);
    expect(codeOf(() => outside('a.mov', 1))).toBe(41);
    const strict = uploadTargets(docroot, { destination_root: '/in/none', create_dir: false, paths: one }, [
      '/in',
    ]);
    expect(codeOf(() => strict('dir/a.mov', 2))).toBe(4);
    const loose = uploadTargets(docroot, { destination_root: '/in', create_dir: true, paths: one }, ['/']);
    expect(codeOf(() => loose('../../etc/passwd', 1))).toBe(41);
  });
});
