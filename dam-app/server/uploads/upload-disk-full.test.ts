import { randomBytes } from 'node:crypto';
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../api/messages.ts';
import { aclUser } from '../test-support/acl-fixture.ts';
import type { ApiClient } from '../test-support/api-client.ts';
import { canMount, LEAKS, mountTmpfs, remount, unmount } from '../test-support/mounts.ts';
import { DATABASE_KINDS, startTestDam, type TestDam } from '../test-support/test-dam.ts';
import { tusDriver } from '../test-support/tus-test-driver.ts';

/**
 * A real full disk: the staging folder is a 2 MiB tmpfs, the upload 3 MiB. The upload stops with 507 and the
 * spec-worded text; once the file system grows (a remount) the same upload continues from where it stopped.
 */
describe.runIf(canMount()).each(DATABASE_KINDS)('a tus upload onto a full disk on %s', (kind) => {
  let dam: TestDam;
  let carlos: ApiClient;
  let staging = '';

  beforeAll(async () => {
    dam = await startTestDam(kind);
    carlos = await aclUser(dam, 'carlos', 'Library');
    await mkdir(join(dam.services.config.storageRoot, 'Library/Drop'), { recursive: true });
    staging = join(dam.home, 'uploads-staging');
    mountTmpfs(staging, 'size=2m');
  });
  afterAll(async () => {
    unmount(staging);
    await dam?.close();
  });

  it('answers 507 with the storage-full text, and continues once space is back', async () => {
    const data = randomBytes(3 * 1024 * 1024);
    const tus = tusDriver(dam.url, carlos);
    const created = await tus.create(data.byteLength, { filename: 'big.bin', destPath: 'Drop' });
    expect(created.status).toBe(201);
    const full = await fetch(new URL(created.location, dam.url), {
      method: 'PATCH',
      headers: {
        'tus-resumable': '1.0.0',
        origin: dam.url,
        cookie: carlos.cookie ?? '',
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
      },
      body: data,
    });
    expect(full.status).toBe(507);
    const text = await full.text();
    expect(text).toBe(MESSAGES.storageFull);
    expect(text).not.toMatch(LEAKS);
    expect(full.headers.get('x-request-id')).toMatch(/^[\w-]{16,}$/);

    remount(staging, 'size=16m');
    const { status, offset } = await tus.offset(created.location);
    expect(status).toBe(200);
    expect(offset).toBeLessThan(data.byteLength);
    const done = await tus.patch(created.location, offset, data.subarray(offset));
    expect(done.status).toBe(204);
    expect((await readFile(join(dam.services.config.storageRoot, 'Library/Drop/big.bin'))).equals(data)).toBe(
      true,
    );
  });
});
