import { relative } from 'node:path';
import { notFound } from '../api/api-error.ts';
import type { DamConfig } from '../config/config.ts';
import { confinePath } from './storage-path.ts';

/**
 * A storage-relative path that must lie in the ACL root (the root itself or below it, by whole path segments):
 * its absolute path and its path as the node names it (`/Library/…`, docroot = storage root). 404 otherwise.
 */
export function pathInAcl(
  config: DamConfig,
  root: string,
  storagePath: string,
): { absolute: string; nodePath: string } {
  const aclDir = confinePath(config.storageRoot, root);
  const absolute = confinePath(config.storageRoot, storagePath.replace(/^\/+/, ''));
  if (!aclDir || !absolute || (absolute !== aclDir && !absolute.startsWith(`${aclDir}/`)))
    throw notFound('path');
  return { absolute, nodePath: `/${relative(config.storageRoot, absolute)}` };
}
