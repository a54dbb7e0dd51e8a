import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'kysely';
import type { Permission } from '../../api/accounts.ts';
import { permissionNames } from '../../api/accounts.ts';
import { hashPassword } from '../auth/passwords.ts';
import { ensureFolderRow } from '../folders/folder-queries.ts';
import type { DamServices } from '../services.ts';

export interface DemoLogin {
  role: string;
  username: string;
  password: string;
}

const DEMO_LOCK = 7_242_001;
const VIEW: Permission[] = ['facet browsing', 'view global keywords', 'quickDownload'];

const GROUPS = [
  { name: 'Administrators', description: 'Run the DAM: users, groups, ACLs.' },
  { name: 'Content authors', description: 'Add, edit and upload assets.' },
  { name: 'Approvers', description: 'Approve requests to download.' },
  { name: 'Requestors', description: 'Ask for assets they may not download yet.' },
  { name: 'End users', description: 'Search, browse and download.' },
  { name: 'Invited users', description: 'Joined through an invitation; see the public folder.' },
];

const ACLS: { name: string; root: string; permissions: readonly Permission[]; groups: string[] }[] = [
  {
    name: 'Library (full)',
    root: 'Library',
    permissions: permissionNames,
    groups: ['Administrators', 'Content authors'],
  },
  {
    name: 'Marketing (authors)',
    root: 'Library/Marketing',
    permissions: [
      'facet browsing',
      'file actions',
      'new assets',
      'fileUpload',
      'quickDownload',
      'downloadHiRes',
    ],
    groups: ['Content authors'],
  },
  {
    name: 'Library (approvers)',
    root: 'Library',
    permissions: [...VIEW, 'downloadHiRes', 'modifying collections', 'trigger workflow'],
    groups: ['Approvers'],
  },
  { name: 'Library (browse)', root: 'Library', permissions: VIEW, groups: ['End users'] },
  // Requestors see the library but download nothing until an approver grants it (requests to download, issue 28).
  {
    name: 'Library (request)',
    root: 'Library',
    permissions: ['facet browsing', 'view global keywords'],
    groups: ['Requestors'],
  },
  {
    name: 'Public',
    root: 'Library/Public',
    permissions: ['facet browsing', 'quickDownload'],
    groups: ['Invited users'],
  },
];

const PEOPLE = [
  {
    role: 'administrator',
    username: 'admin',
    first: 'Ada',
    last: 'Admin',
    group: 'Administrators',
    admin: true,
  },
  { role: 'content author', username: 'carlos', first: 'Carlos', last: 'Author', group: 'Content authors' },
  { role: 'approver', username: 'arthur', first: 'Arthur', last: 'Approver', group: 'Approvers' },
  { role: 'requestor', username: 'rita', first: 'Rita', last: 'Requestor', group: 'Requestors' },
  { role: 'end user', username: 'ellen', first: 'Ellen', last: 'User', group: 'End users' },
  { role: 'invited user', username: 'ivy', first: 'Ivy', last: 'Invited', group: 'Invited users' },
];

/**
 * Demo accounts for `npm start`: an administrator and one person per role of R-ROLES, their groups and ACLs, and the
 * ACLs' folders in storage. Passwords are generated once (the administrator's comes from DAM_ADMIN_PASSWORD when
 * set) and kept in `DAM_HOME/demo-logins.json`, readable by this user only, so every start can print them.
 */
export async function seedDemo({ db, config }: DamServices): Promise<DemoLogin[]> {
  const file = join(config.home, 'demo-logins.json');
  const existing = await db
    .selectFrom('users')
    .select('id')
    .where('username', '=', 'admin')
    .executeTakeFirst();
  if (existing) {
    try {
      return JSON.parse(await readFile(file, 'utf8')) as DemoLogin[];
    } catch {
      return [];
    }
  }
  const logins = PEOPLE.map((person) => ({
    role: person.role,
    username: person.username,
    password:
      person.admin && config.adminPassword
        ? config.adminPassword
        : `Demo-${randomBytes(6).toString('base64url')}7`,
  }));
  const seeded = await db.transaction().execute(async (trx) => {
    // Servers starting together on one database take turns; the second finds the demo already there.
    await sql`select pg_advisory_xact_lock(${DEMO_LOCK})`.execute(trx);
    const existing = await trx
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'admin')
      .executeTakeFirst();
    if (existing) return false;
    const groups = new Map<string, number>();
    for (const group of GROUPS) {
      const row = await trx.insertInto('groups').values(group).returning('id').executeTakeFirstOrThrow();
      groups.set(group.name, row.id);
    }
    for (const acl of ACLS) {
      const row = await trx
        .insertInto('acls')
        .values({ name: acl.name, root_path: acl.root, permissions: [...acl.permissions] })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('acl_grants')
        .values(
          acl.groups.map((name) => ({ acl_id: row.id, user_id: null, group_id: groups.get(name) as number })),
        )
        .execute();
    }
    // Requests for the library's assets go to the Approvers group (the folder's approver, issue 28).
    await trx
      .insertInto('request_approvers')
      .values({
        folder_id: await ensureFolderRow(trx, 'Library'),
        user_id: null,
        group_id: groups.get('Approvers') as number,
      })
      .execute();
    for (const [index, person] of PEOPLE.entries()) {
      const user = await trx
        .insertInto('users')
        .values({
          username: person.username,
          password_hash: await hashPassword((logins[index] as DemoLogin).password, config.scryptLogN),
          status: 'active',
          is_admin: person.admin === true,
          email: `${person.username}@dam.example`,
          first_name: person.first,
          last_name: person.last,
          company: 'Rapid Demo Co.',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('group_members')
        .values({ group_id: groups.get(person.group) as number, user_id: user.id })
        .execute();
      if (person.role === 'invited user')
        await trx
          .insertInto('invitations')
          .values({
            id: randomBytes(18).toString('base64url'),
            email: `${person.username}@dam.example`,
            default_group_id: groups.get(person.group) as number,
            expires_at: new Date(Date.now() + 14 * 86_400_000),
            accepted_at: new Date(),
            accepted_user_id: user.id,
          })
          .execute();
    }
    return true;
  });
  if (!seeded) {
    try {
      return JSON.parse(await readFile(file, 'utf8')) as DemoLogin[];
    } catch {
      return [];
    }
  }
  for (const acl of ACLS) await mkdir(join(config.storageRoot, acl.root), { recursive: true });
  await mkdir(config.home, { recursive: true });
  await writeFile(file, JSON.stringify(logins, null, 2), { mode: 0o600 });
  return logins;
}
