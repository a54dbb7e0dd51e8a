import { browseRequest } from '@rapid/protocol';
import type { StorageEntry } from '../storage.ts';
import type { ApiContext, ApiReply } from './api-context.ts';
import { errorReply } from './api-context.ts';

const PERMISSIONS = [{ name: 'view' }, { name: 'edit' }, { name: 'delete' }];
const withPermissions = (entry: StorageEntry) => ({ ...entry, permissions: PERMISSIONS });

/** `POST /files/browse` (node-api.md §3.8), paged with skip/count. */
export function browse(ctx: ApiContext, body: unknown): ApiReply {
  const parsed = browseRequest.safeParse(body);
  if (!parsed.success) return errorReply(400, 'malformed browse request');
  const { path, skip = 0, count = 100 } = parsed.data;
  let self: StorageEntry | undefined;
  try {
    self = ctx.storage.stat(path);
  } catch {
    return errorReply(403 as 400, `path ${path} is outside the docroot`);
  }
  if (!self) return errorReply(404, `no such path ${path}`);
  const items = self.type === 'directory' ? ctx.storage.list(path) : [];
  return {
    status: 200,
    body: {
      self: withPermissions(self),
      items: items.slice(skip, skip + count).map(withPermissions),
      item_count: Math.min(count, Math.max(0, items.length - skip)),
      total_count: items.length,
    },
  };
}
