import type { FolderView } from '../../../api/folders.ts';

export type DestinationProblem = 'ontoChildOrParent' | 'alreadyThere';

/** What is being moved or copied: assets (by the folders they are in) or one folder. */
export type MoveSource =
  | { kind: 'assets'; folderIds: readonly number[] }
  | { kind: 'folder'; folder: FolderView };

/**
 * Why a folder cannot take the source (R-COPY-MOVE-DESTINATION): a folder never goes onto itself, its child or its parent; assets
 * that are all in the destination already have nowhere to go. Folders outside the tree are not offered at all, which
 * is how "the destination directory must be allowed" shows.
 */
export function destinationProblem(
  destination: FolderView,
  source: MoveSource,
): DestinationProblem | undefined {
  if (source.kind === 'folder') {
    const { folder } = source;
    const inside = destination.path === folder.path || destination.path.startsWith(`${folder.path}/`);
    if (inside || destination.id === folder.parentId) return 'ontoChildOrParent';
    return undefined;
  }
  if (source.folderIds.length > 0 && source.folderIds.every((id) => id === destination.id))
    return 'alreadyThere';
  return undefined;
}

/** How deep a folder sits below the tree's root (the root is 0), for indenting the picker. */
export function depthBelow(root: FolderView, folder: FolderView): number {
  if (folder.id === root.id) return 0;
  const rest = root.path === '' ? folder.path : folder.path.slice(root.path.length + 1);
  return rest.split('/').length;
}
