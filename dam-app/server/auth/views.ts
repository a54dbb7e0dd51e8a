import { existsSync } from 'node:fs';
import {
  type Permission,
  type Profile,
  permissionNames,
  type SessionView,
  type UserView,
} from '../../api/accounts.ts';
import { can, type Principal } from '../access/principal.ts';
import { confinePath } from '../access/storage-path.ts';
import type { DamConfig } from '../config/config.ts';
import type { Acl, ProfileColumn, User } from '../db/schema.ts';
import { relativePathOf } from '../platform-settings/platform-settings-service.ts';

const FIELD_COLUMNS: Record<keyof Profile, ProfileColumn> = {
  email: 'email',
  firstName: 'first_name',
  mi: 'mi',
  lastName: 'last_name',
  company: 'company',
  position: 'position',
  address1: 'address1',
  address2: 'address2',
  city: 'city',
  state: 'state',
  zip: 'zip',
  country: 'country',
  phone: 'phone',
  ext: 'ext',
  dept: 'dept',
  icon: 'icon',
};

/** Profile fields as columns; fields left out stay as they are, an empty text clears an optional one. */
export function profileColumns(profile: Partial<Profile>): Partial<Record<ProfileColumn, string | null>> {
  const columns: Partial<Record<ProfileColumn, string | null>> = {};
  for (const [field, column] of Object.entries(FIELD_COLUMNS) as [keyof Profile, ProfileColumn][]) {
    const value = profile[field];
    if (value !== undefined) columns[column] = value === '' ? null : value;
  }
  return columns;
}

export function userView(user: User): UserView {
  const profile: Record<string, string> = {};
  for (const [field, column] of Object.entries(FIELD_COLUMNS)) {
    const value = user[column];
    if (value !== null) profile[field] = value;
  }
  return {
    id: user.id,
    username: user.username,
    isAdmin: user.is_admin,
    special: user.special,
    status: user.status,
    profile: profile as UserView['profile'],
    createdAt: user.created_at.toISOString(),
  };
}

const aclSummary = (acl: Acl) => ({ id: acl.id, name: acl.name, rootPath: acl.root_path });

export function sessionView(principal: Principal, config: DamConfig): SessionView {
  const root = principal.acl ? confinePath(config.storageRoot, principal.acl.root_path) : undefined;
  return {
    user: userView(principal.user),
    adminMode: principal.adminMode,
    acl: principal.acl
      ? { ...aclSummary(principal.acl), permissions: principal.acl.permissions as Permission[] }
      : null,
    relativePath: relativePathOf(principal.acl) ?? null,
    aclRootMissing: principal.acl !== null && (root === undefined || !existsSync(root)),
    acls: principal.acls.map(aclSummary),
    permissions: permissionNames.filter((name) => can(principal, name)),
    csrfToken: principal.csrfToken ?? '',
    features: { allowUpload: config.allowUpload, allowDownload: config.allowDownload },
  };
}
