import { describe, expect, it } from 'vitest';
import type { FolderView } from '../../../../api/folders.ts';
import { ancestorsOf, buildTree, destinationsFor, treeKey, visibleRows } from './tree-model.ts';

const folder = (id: number, path: string, parentId: number | null): FolderView => ({
  id,
  name: path.slice(path.lastIndexOf('/') + 1),
  path,
  parentId,
});
const root = folder(1, 'Library', null);
const tree = buildTree(root, [
  folder(2, 'Library/Photos', 1),
  folder(3, 'Library/Marketing', 1),
  folder(4, 'Library/Photos/Landscapes', 2),
  folder(5, 'Library/Photos/City', 2),
  folder(6, 'Library/Marketing/Video', 3),
]);
const names = (expanded: number[]) => visibleRows(tree, new Set(expanded)).map((row) => row.folder.name);

describe('places tree model', () => {
  it('shows only the children of expanded folders, siblings by name', () => {
    expect(names([])).toEqual(['Library']);
    expect(names([1])).toEqual(['Library', 'Marketing', 'Photos']);
    expect(names([1, 2])).toEqual(['Library', 'Marketing', 'Photos', 'City', 'Landscapes']);
    const rows = visibleRows(tree, new Set([1, 2]));
    expect(rows[3]).toMatchObject({ level: 3, setSize: 2, position: 1, hasChildren: false });
    expect(rows[2]).toMatchObject({ level: 2, expanded: true, hasChildren: true });
  });

  it('moves focus with the arrow keys, Home and End, and opens and closes folders', () => {
    const rows = visibleRows(tree, new Set([1, 2]));
    expect(treeKey(rows, 1, 'ArrowDown')).toEqual({ focus: 3 });
    expect(treeKey(rows, 3, 'ArrowUp')).toEqual({ focus: 1 });
    expect(treeKey(rows, 1, 'ArrowUp')).toEqual({ focus: 1 });
    expect(treeKey(rows, 3, 'End')).toEqual({ focus: 4 });
    expect(treeKey(rows, 4, 'Home')).toEqual({ focus: 1 });
    expect(treeKey(rows, 3, 'ArrowRight')).toEqual({ focus: 3, expand: 3 });
    expect(treeKey(rows, 2, 'ArrowRight')).toEqual({ focus: 5 });
    expect(treeKey(rows, 2, 'ArrowLeft')).toEqual({ focus: 2, collapse: 2 });
    expect(treeKey(rows, 5, 'ArrowLeft')).toEqual({ focus: 2 });
    expect(treeKey(rows, 5, 'ArrowRight')).toEqual({ focus: 5 });
  });

  it('knows a folder’s ancestors and where it may be moved', () => {
    expect(ancestorsOf(tree, 4)).toEqual([1, 2]);
    expect(ancestorsOf(tree, 1)).toEqual([]);
    // Not onto itself, its child or its parent (R-COPY-MOVE-DESTINATION).
    expect(destinationsFor(tree, tree.byId.get(2) as FolderView).map((f) => f.id)).toEqual([3, 6]);
  });
});
