import { MESSAGES } from '../../api/messages.ts';
import type { Principal } from '../access/principal.ts';
import { ApiError } from '../api/api-error.ts';

/**
 * The current ACL's root path (relative to the storage root, '' for all of it): every folder and asset the principal
 * sees is at or under it. Admin mode overrides permissions (R-ADMIN-MODE), not the ACL's root.
 */
export function aclRoot(principal: Principal): string {
  if (!principal.acl) throw new ApiError(403, 'no_acl', MESSAGES.noAcl);
  return principal.acl.root_path.replace(/^\/+|\/+$/g, '');
}

/** Is `path` the root or below it? Plain string comparison on whole segments: 'Lib' is not under 'Library'. */
export function isUnder(root: string, path: string): boolean {
  return root === '' || path === root || path.startsWith(`${root}/`);
}

export const joinPath = (parent: string, name: string) => (parent === '' ? name : `${parent}/${name}`);
export const parentOf = (path: string) => (path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '');
export const baseName = (path: string) => path.slice(path.lastIndexOf('/') + 1);

/** A LIKE pattern for everything below `path` (wildcards in names escaped). */
export const belowPattern = (path: string) => `${path.replace(/[\\%_]/g, (c) => `\\${c}`)}/%`;
