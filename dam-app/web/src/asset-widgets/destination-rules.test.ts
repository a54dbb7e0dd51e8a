import { describe, expect, it } from 'vitest';
import type { FolderView } from '../../../api/folders.ts';
import { depthBelow, destinationProblem } from './destination-rules.ts';

const folder = (id: number, path: string, parentId: number | null): FolderView => ({
  id,
  path,
  parentId,
  name: path.split('/').at(-1) ?? '',
});
const library = folder(1, 'Library', null);
const photos = folder(2, 'Library/Photos', 1);
const city = folder(3, 'Library/Photos/City', 2);
const photosArchive = folder(4, 'Library/Photos Archive', 1);
const marketing = folder(5, 'Library/Marketing', 1);

describe('destinationProblem (R-COPY-MOVE-DESTINATION copy and move)', () => {
  it('refuses a folder onto itself, its child or its parent', () => {
    const source = { kind: 'folder' as const, folder: photos };
    expect(destinationProblem(photos, source)).toBe('ontoChildOrParent');
    expect(destinationProblem(city, source)).toBe('ontoChildOrParent');
    expect(destinationProblem(library, source)).toBe('ontoChildOrParent');
  });

  it('allows a sibling, even one whose name starts like the folder’s', () => {
    const source = { kind: 'folder' as const, folder: photos };
    expect(destinationProblem(photosArchive, source)).toBeUndefined();
    expect(destinationProblem(marketing, source)).toBeUndefined();
  });

  it('has assets go anywhere but the one folder they all are in already', () => {
    expect(destinationProblem(city, { kind: 'assets', folderIds: [3, 3] })).toBe('alreadyThere');
    expect(destinationProblem(city, { kind: 'assets', folderIds: [3, 2] })).toBeUndefined();
    expect(destinationProblem(library, { kind: 'assets', folderIds: [3] })).toBeUndefined();
    expect(destinationProblem(library, { kind: 'assets', folderIds: [] })).toBeUndefined();
  });
});

describe('depthBelow', () => {
  it('counts the segments below the root, also for the storage root itself', () => {
    expect(depthBelow(library, library)).toBe(0);
    expect(depthBelow(library, city)).toBe(2);
    expect(depthBelow(folder(9, '', null), library)).toBe(1);
  });
});
