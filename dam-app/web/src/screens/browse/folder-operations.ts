import type { SessionView } from '../../../../api/accounts.ts';
import type { FolderView } from '../../../../api/folders.ts';

type ChangeOperation = 'create' | 'rename' | 'move' | 'copy' | 'delete';
/** What a folder's menu opens: the changes the person may make, and the export anyone who sees the folder may run. */
export type FolderOperation = ChangeOperation | 'export-metadata';

/** What the person may do to a folder (R-FILE-ACTIONS): file actions change it; new assets or file actions create in it. */
export function folderOperations(session: SessionView, folder: FolderView): ChangeOperation[] {
  const may = (permission: SessionView['permissions'][number]) => session.permissions.includes(permission);
  const list: ChangeOperation[] = [];
  if (may('new assets') || may('file actions')) list.push('create');
  // The ACL's root is where the person's library starts: it is not renamed, moved or deleted from here.
  if (may('file actions') && folder.parentId !== null) list.push('rename', 'move', 'copy', 'delete');
  return list;
}
