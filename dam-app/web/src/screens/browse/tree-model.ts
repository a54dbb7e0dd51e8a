import type { FolderView } from '../../../../api/folders.ts';

/** The places tree in memory: each folder's children by name, and each folder's parent. */
export interface FolderTree {
  root: FolderView;
  byId: Map<number, FolderView>;
  children: Map<number, FolderView[]>;
}

export function buildTree(root: FolderView, folders: readonly FolderView[]): FolderTree {
  const byId = new Map<number, FolderView>([[root.id, root]]);
  const children = new Map<number, FolderView[]>();
  for (const folder of folders) {
    byId.set(folder.id, folder);
    const parent = folder.parentId ?? root.id;
    const list = children.get(parent) ?? [];
    list.push(folder);
    children.set(parent, list);
  }
  const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });
  for (const list of children.values()) list.sort((a, b) => collator.compare(a.name, b.name));
  return { root, byId, children };
}

/** A row the tree shows: a folder whose ancestors are all expanded. */
export interface TreeRow {
  folder: FolderView;
  level: number;
  hasChildren: boolean;
  expanded: boolean;
  /** For aria-setsize / aria-posinset. */
  setSize: number;
  position: number;
}

export function visibleRows(tree: FolderTree, expanded: ReadonlySet<number>): TreeRow[] {
  const rows: TreeRow[] = [];
  const walk = (folder: FolderView, level: number, setSize: number, position: number) => {
    const kids = tree.children.get(folder.id) ?? [];
    const open = expanded.has(folder.id) && kids.length > 0;
    rows.push({ folder, level, hasChildren: kids.length > 0, expanded: open, setSize, position });
    if (!open) return;
    kids.forEach((kid, index) => {
      walk(kid, level + 1, kids.length, index + 1);
    });
  };
  walk(tree.root, 1, 1, 1);
  return rows;
}

/** The ids to expand so that `id` is visible: its ancestors, root first. */
export function ancestorsOf(tree: FolderTree, id: number): number[] {
  const chain: number[] = [];
  let current = tree.byId.get(id);
  while (current) {
    const parent: number | null = current.id === tree.root.id ? null : (current.parentId ?? tree.root.id);
    if (parent === null) break;
    chain.unshift(parent);
    current = tree.byId.get(parent);
  }
  return chain;
}

/** Folders a folder may be moved or copied into: neither itself nor one of its descendants, nor its parent. */
export function destinationsFor(tree: FolderTree, folder: FolderView): FolderView[] {
  const below = new Set<number>();
  const mark = (id: number) => {
    below.add(id);
    for (const kid of tree.children.get(id) ?? []) mark(kid.id);
  };
  mark(folder.id);
  const parent = folder.parentId ?? tree.root.id;
  return [...tree.byId.values()]
    .filter((each) => !below.has(each.id) && each.id !== parent)
    .sort((a, b) => a.path.localeCompare(b.path));
}

export type TreeKey = 'ArrowDown' | 'ArrowUp' | 'ArrowRight' | 'ArrowLeft' | 'Home' | 'End';

/**
 * What a key does in the tree (WAI-ARIA tree view pattern): the row to focus next, and a folder to expand or
 * collapse. Down/Up move through visible rows; Right opens a closed folder or enters an open one; Left closes an
 * open folder or goes to the parent; Home/End go to the first and last visible row.
 */
export function treeKey(
  rows: readonly TreeRow[],
  focusedId: number,
  key: TreeKey,
): { focus: number; expand?: number; collapse?: number } {
  const index = Math.max(
    0,
    rows.findIndex((row) => row.folder.id === focusedId),
  );
  const row = rows[index];
  if (!row) return { focus: focusedId };
  const at = (i: number) => rows[Math.min(rows.length - 1, Math.max(0, i))]?.folder.id ?? focusedId;
  switch (key) {
    case 'ArrowDown':
      return { focus: at(index + 1) };
    case 'ArrowUp':
      return { focus: at(index - 1) };
    case 'Home':
      return { focus: at(0) };
    case 'End':
      return { focus: at(rows.length - 1) };
    case 'ArrowRight':
      if (!row.hasChildren) return { focus: row.folder.id };
      return row.expanded ? { focus: at(index + 1) } : { focus: row.folder.id, expand: row.folder.id };
    case 'ArrowLeft': {
      if (row.expanded) return { focus: row.folder.id, collapse: row.folder.id };
      for (let i = index - 1; i >= 0; i--) {
        const candidate = rows[i];
        if (candidate && candidate.level < row.level) return { focus: candidate.folder.id };
      }
      return { focus: row.folder.id };
    }
  }
}
