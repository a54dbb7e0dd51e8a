import type { Permission, SessionView } from '../../../api/accounts.ts';

/** A signed-in person for a screen test: an administrator unless told otherwise, with the permissions given. */
export function sampleSession(
  options: { isAdmin?: boolean; permissions?: Permission[]; username?: string } = {},
): SessionView {
  const permissions = options.permissions ?? [];
  return {
    user: {
      id: 7,
      username: options.username ?? 'ada',
      isAdmin: options.isAdmin ?? false,
      special: null,
      status: 'active',
      profile: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' },
      createdAt: '2026-01-01T00:00:00.000Z',
    },
    adminMode: options.isAdmin ?? false,
    acl: { id: 1, name: 'Library', rootPath: '', permissions },
    relativePath: '',
    aclRootMissing: false,
    acls: [{ id: 1, name: 'Library', rootPath: '' }],
    permissions,
    csrfToken: 'csrf',
    features: { allowUpload: true, allowDownload: true },
  };
}
