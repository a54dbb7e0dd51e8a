import { describe, expect, it } from 'vitest';
import type { Acl, User } from '../db/schema.ts';
import { can, type Principal } from './principal.ts';

const acl = (permissions: string[]): Acl => ({
  id: 1,
  name: 'A',
  root_path: 'A',
  permissions,
  created_at: new Date(),
  relative_path_held: true,
  relative_path: null,
});
const principal = (isAdmin: boolean, adminMode: boolean, permissions: string[] | null): Principal => ({
  user: { id: 1, is_admin: isAdmin } as User,
  via: 'session',
  adminMode,
  acl: permissions ? acl(permissions) : null,
  acls: [],
});

describe('can', () => {
  it('follows the current ACL', () => {
    expect(can(principal(false, false, ['fileUpload']), 'fileUpload')).toBe(true);
    expect(can(principal(false, false, ['fileUpload']), 'quickDownload')).toBe(false);
  });
  it('allows nothing without an ACL', () => {
    expect(can(principal(false, false, null), 'facet browsing')).toBe(false);
  });
  it('lets admin mode override, only for administrators', () => {
    expect(can(principal(true, true, null), 'downloadHiRes')).toBe(true);
    expect(can(principal(true, false, []), 'downloadHiRes')).toBe(false);
    expect(can(principal(false, true, []), 'downloadHiRes')).toBe(false);
  });
});
