import { relative } from 'node:path';
import { MESSAGES } from '../../api/messages.ts';
import { aclRelativePath } from '../../api/transfer-paths.ts';
import { ApiError, notFound } from '../api/api-error.ts';
import type { DamConfig } from '../config/config.ts';
import type { Principal } from './principal.ts';
import { confinePath } from './storage-path.ts';

/** The current ACL's root relative to the storage root; without one, the spec's contact-the-administrator refusal. */
export function currentAclRoot(principal: Principal): string {
  const root = aclRelativePath(principal.acl?.root_path);
  if (root === undefined || !principal.acl)
    throw new ApiError(
      403,
      'no_acl_path',
      MESSAGES.noAcl,
      'The current-ACL relative path permission is missing.',
    );
  return root;
}

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
