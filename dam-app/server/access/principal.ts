import type { Permission } from '../../api/accounts.ts';
import type { Acl, User } from '../db/schema.ts';

/** Who is asking: the user, how they proved it, and the ACL they work in. */
export interface Principal {
  user: User;
  via: 'session' | 'api_key';
  /** The session's row id (a hash of the cookie), absent for API keys. */
  sessionId?: string;
  csrfToken?: string;
  /** An administrator who turned admin mode on: permissions do not limit them (R-ADMIN-MODE). */
  adminMode: boolean;
  /** The current ACL, or null when the user holds none. */
  acl: Acl | null;
  /** Every ACL the user may switch to. */
  acls: Acl[];
}

/** May the principal do this in their current ACL? Admin mode overrides permissions. */
export function can(principal: Principal, permission: Permission): boolean {
  if (principal.adminMode && principal.user.is_admin) return true;
  return principal.acl?.permissions.includes(permission) ?? false;
}
