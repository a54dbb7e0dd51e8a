import type { SessionView } from '../../../../api/accounts.ts';
import type { FolderView } from '../../../../api/folders.ts';

export type FolderOperation = 'create' | 'rename' | 'move' | 'copy' | 'delete';

/** What the person may do to a folder (R-FILE-ACTIONS): file actions change it; new assets or file actions create in it. */
export function folderOperations(session: SessionView, folder: FolderView): FolderOperation[] {
  const may = (permission: SessionView['permissions'][number]) => session.permissions.includes(permission);
  const list: FolderOperation[] = [];
  if (may('new assets') || may('file actions')) list.push('create');
  // The ACL's root is where the person's library starts: it is not renamed, moved or deleted from here.
  if (may('file actions') && folder.parentId !== null) list.push('rename', 'move', 'copy', 'delete');
  return list;
}
