import { useQuery } from '@tanstack/react-query';
import type { SessionView } from '../../../api/accounts.ts';
import { getFolder } from '../../../api/contract/folders-endpoints.ts';
import { api } from '../api/api-client.ts';
import { useRoute } from '../app/use-route.ts';
import type { UploadTarget } from './transfer-context.ts';

/** The current directory: the folder the route shows, else the current ACL's root (R-UPLOAD-DIALOG Upload Options). */
export function useCurrentDirectory(session: SessionView): UploadTarget {
  const route = useRoute();
  const folderId = route.name === 'folder' ? route.id : undefined;
  const folder = useQuery({
    queryKey: ['folders', folderId],
    queryFn: ({ signal }) => api.call(getFolder, { params: { id: folderId ?? 0 }, signal }),
    enabled: folderId !== undefined,
  });
  const root: UploadTarget = {
    id: null,
    path: session.acl?.rootPath ?? '',
    name: session.acl?.name ?? '/',
  };
  if (folderId === undefined || !folder.data) return root;
  return { id: folder.data.id, path: folder.data.path, name: folder.data.name };
}
