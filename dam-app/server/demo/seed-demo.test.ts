import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS, startTestDam, type TestDam } from '../test-support/test-dam.ts';
import { seedDemo } from './seed-demo.ts';

describe.each(DATABASE_KINDS)('demo data on %s', (kind) => {
  let dam: TestDam;
  beforeAll(async () => {
    dam = await startTestDam(kind, { DAM_ADMIN_PASSWORD: 'Chosen-Admin-Pass-1' });
  });
  afterAll(() => dam.close());

  it('makes a login for each role of R-ROLES that works, with its groups and ACL folders', async () => {
    const logins = await seedDemo(dam.services);
    expect(logins.map((login) => login.role)).toEqual([
      'administrator',
      'content author',
      'approver',
      'requestor',
      'end user',
      'invited user',
    ]);
    expect(logins[0]).toMatchObject({ username: 'admin', password: 'Chosen-Admin-Pass-1' });
    for (const login of logins) {
      const session = await dam.client().login(login.username, login.password);
      expect(session.acl).not.toBeNull();
      expect(session.aclRootMissing).toBe(false);
    }
    const author = await dam.client().login('carlos', (logins[1] as { password: string }).password);
    expect(author.acls.map((acl: { name: string }) => acl.name)).toEqual([
      'Library (full)',
      'Marketing (authors)',
    ]);
    expect(author.permissions).toContain('fileUpload');
    const user = await dam.client().login('ellen', (logins[4] as { password: string }).password);
    expect(user.permissions).not.toContain('fileUpload');
    const file = await stat(join(dam.home, 'demo-logins.json'));
    expect(file.mode & 0o777).toBe(0o600);
  });

  it('runs again without duplicating anything and returns the same logins', async () => {
    const first = await seedDemo(dam.services);
    const second = await seedDemo(dam.services);
    expect(second).toEqual(first);
    const admins = await dam.services.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'admin')
      .execute();
    expect(admins).toHaveLength(1);
  });
});
