import { describe, expect, it } from 'vitest';
import { aclRelativePath, type PathTranslationSettings, translateTransferPath } from './transfer-paths.ts';

const settings: PathTranslationSettings = {
  relativePath: 'Library/Marketing/',
  prefixWorkFolders: false,
};

describe('R-TRANSFER-PATH path translation', () => {
  it.each([
    // [path, settings change, quick download, expected, the rule that applies]
    [
      'Photos/a.jpg',
      {},
      false,
      'Library/Marketing/Photos/a.jpg',
      'otherwise: relative path and a slash in front',
    ],
    [
      'Photos/a.jpg',
      { relativePath: 'Library/Marketing' },
      false,
      'Library/Marketing/Photos/a.jpg',
      'trailing slash already absent',
    ],
    ['Photos/a.jpg', { relativePath: null }, false, 'Photos/a.jpg', 'no relative path'],
    ['Photos/a.jpg', { relativePath: '' }, false, 'Photos/a.jpg', 'an empty relative path is none'],
    [
      'Library/Marketing/a.jpg',
      {},
      false,
      'Library/Marketing/a.jpg',
      'already starts with the relative path',
    ],
    [
      'Library/Marketing/a.jpg',
      {},
      true,
      'Library/Marketing/Library/Marketing/a.jpg',
      'that rule is not for quick download',
    ],
    ['LoadingDock/42/a.jpg', {}, false, 'LoadingDock/42/a.jpg', 'the loading dock'],
    ['LoadingDock/42/a.jpg', {}, true, 'LoadingDock/42/a.jpg', 'the loading dock, quick download too'],
    [
      '~$LoadingDock/42/a.jpg',
      { prefixWorkFolders: true },
      false,
      '~$LoadingDock/42/a.jpg',
      'the prefixed loading dock',
    ],
    [
      'LoadingDock/42/a.jpg',
      { prefixWorkFolders: true },
      false,
      'Library/Marketing/LoadingDock/42/a.jpg',
      'unprefixed when prefixing is on',
    ],
    ['Renditions/7/preview.jpg', {}, true, 'Renditions/7/preview.jpg', 'renditions'],
    ['/abs/a.jpg', {}, false, '/abs/a.jpg', 'absolute'],
  ] as [string, Partial<PathTranslationSettings>, boolean, string, string][])(
    '%s (%j, quick %s) → %s: %s',
    (path, change, quickDownload, expected) => {
      expect(translateTransferPath(path, { ...settings, ...change }, { quickDownload })).toBe(expected);
    },
  );

  it('drops one trailing slash from the relative path and tells a missing one apart', () => {
    expect(aclRelativePath('Library/')).toBe('Library');
    expect(aclRelativePath('Library')).toBe('Library');
    expect(aclRelativePath(null)).toBeUndefined();
    expect(aclRelativePath(undefined)).toBeUndefined();
  });
});
