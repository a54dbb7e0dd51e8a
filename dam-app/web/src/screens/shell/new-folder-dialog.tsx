import { useMemo } from 'react';
import type { SessionView } from '../../../../api/accounts.ts';
import { useRoute } from '../../app/use-route.ts';
import { usePlacesTree } from '../browse/browse-queries.ts';
import { FolderDialog } from '../browse/lazy-folder-dialog.tsx';
import { buildTree } from '../browse/tree-model.ts';

/** Create → New folder: a folder in the one shown, or in the ACL's root from any other screen. */
export function NewFolderDialog({ session, onClose }: { session: SessionView; onClose(): void }) {
  const route = useRoute();
  const places = usePlacesTree(session.acl !== null && !session.aclRootMissing);
  const tree = useMemo(
    () => (places.data ? buildTree(places.data.root, places.data.folders) : null),
    [places.data],
  );
  if (!tree) return null;
  const folder = (route.name === 'folder' ? tree.byId.get(route.id) : undefined) ?? tree.root;
  return <FolderDialog operation="create" folder={folder} tree={tree} onClose={onClose} />;
}
