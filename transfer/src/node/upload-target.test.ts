import { mkdirSync, mkdtempSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { landingPath } from '../fs/landing-name.ts';
import { placeSync } from '../fs/no-replace.ts';
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

describe('upload targets under clash_policy land_beside', () => {
  const hello = { destination_root: '/in/clash', create_dir: true, paths: one };
  mkdirSync(join(docroot, 'in/clash'), { recursive: true });
  writeFileSync(join(docroot, 'in/clash/dawn.jpg'), 'kept');
  mkdirSync(join(docroot, 'in/clash/folder.jpg'));

  it('lands a file whose name is taken (file or folder) beside it, hidden and per transfer', () => {
    const placements: Record<string, string> = {};
    const target = uploadTargets(docroot, hello, ['/in'], {
      policy: 'land_beside',
      xferId: 'x1',
      placements,
    });
    const landed = target('dawn.jpg', 2);
    expect(landed.relative).toBe(landingPath('/in/clash/dawn.jpg', 'x1'));
    expect(landed.relative).toMatch(/^\/in\/clash\/\.rapid-landing-[0-9a-f]{32}$/);
    expect(landed.local).toBe(join(docroot, landed.relative));
    expect(target('folder.jpg', 2).relative).toBe(landingPath('/in/clash/folder.jpg', 'x1'));
    expect(placements['/in/clash/dawn.jpg']).toBe(landed.relative);
    // Another transfer's clash lands under another name: two uploads never share a landing file.
    const other = uploadTargets(docroot, hello, ['/in'], {
      policy: 'land_beside',
      xferId: 'x2',
      placements: {},
    });
    expect(other('dawn.jpg', 1).relative).not.toBe(landed.relative);
  });

  it('a free name is written in place, and a later session of the transfer keeps each first choice', () => {
    const placements: Record<string, string> = {};
    const first = uploadTargets(docroot, hello, ['/in'], { policy: 'land_beside', xferId: 'x3', placements });
    expect(first('new.jpg', 2).relative).toBe('/in/clash/new.jpg');
    const landed = first('dawn.jpg', 2).relative;
    // The first session finished new.jpg: the retry finds its own file there, not a clash (no second copy).
    writeFileSync(join(docroot, 'in/clash/new.jpg'), 'own');
    const retry = uploadTargets(docroot, hello, ['/in'], { policy: 'land_beside', xferId: 'x3', placements });
    expect(retry('new.jpg', 2).relative).toBe('/in/clash/new.jpg');
    expect(retry('dawn.jpg', 2).relative).toBe(landed);
    // A node that forgot the placements (restarted) picks the same landing name again: its partial resumes.
    const restarted = uploadTargets(docroot, hello, ['/in'], {
      policy: 'land_beside',
      xferId: 'x3',
      placements: {},
    });
    expect(restarted('dawn.jpg', 2).relative).toBe(landed);
  });

  it('without the policy a taken name is the target, as before', () => {
    expect(uploadTargets(docroot, hello, ['/in'])('dawn.jpg', 1).relative).toBe('/in/clash/dawn.jpg');
  });
});

describe('a name free when planned and taken before the file is placed', () => {
  it('the finished file lands beside it and the transfer records where', async () => {
    const placements: Record<string, string> = {};
    const hello = { destination_root: '/in/late', create_dir: true, paths: one };
    const target = uploadTargets(docroot, hello, ['/in'], {
      policy: 'land_beside',
      xferId: 'x9',
      placements,
    })('late.jpg', 1);
    expect(target.relative).toBe('/in/late/late.jpg');
    mkdirSync(join(docroot, 'in/late'), { recursive: true });
    writeFileSync(`${target.local}.partial`, 'mine');
    writeFileSync(target.local, 'a browser upload finished first');
    const placed = placeSync(`${target.local}.partial`, target.local);
    expect(placed).toBe(join(docroot, landingPath('/in/late/late.jpg', 'x9')));
    expect(readFileSync(target.local, 'utf8')).toBe('a browser upload finished first');
    expect(readFileSync(placed, 'utf8')).toBe('mine');
    expect(placements['/in/late/late.jpg']).toBe(landingPath('/in/late/late.jpg', 'x9'));
  });
});
