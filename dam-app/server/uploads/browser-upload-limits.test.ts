import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MAX_UPLOAD_BYTES } from '../config/config.ts';
import type { ApiClient } from '../test-support/api-client.ts';
import { DATABASE_KINDS, startTestDam, type TestDam } from '../test-support/test-dam.ts';
import { tusDriver } from '../test-support/tus-test-driver.ts';

const MAX = 64 * 1024;

describe.each(DATABASE_KINDS)('the browser upload size limit on %s', (kind) => {
  let dam: TestDam;
  let carlos: ApiClient;
  beforeAll(async () => {
    dam = await startTestDam(kind, { DAM_MAX_UPLOAD_BYTES: String(MAX) });
    const admin = await dam.userClient('boss', { admin: true });
    const authors = await admin.post('/admin/groups', { name: 'Authors' });
    await admin.post('/admin/acls', {
      name: 'Lib',
      rootPath: 'Library',
      permissions: ['fileUpload'],
      groupIds: [authors.body.id],
    });
    carlos = await dam.userClient('carlos', { groupNames: ['Authors'] });
    await mkdir(join(dam.services.config.storageRoot, 'Library/Drop'), { recursive: true });
  });
  afterAll(() => dam.close());

  it('announces the configured maximum as Tus-Max-Size', async () => {
    const response = await fetch(`${dam.url}/api/v1/uploads`, {
      method: 'OPTIONS',
      headers: { 'tus-resumable': '1.0.0', cookie: carlos.cookie ?? '', origin: dam.url },
    });
    expect(response.headers.get('tus-max-size')).toBe(String(MAX));
  });

  it('refuses an Upload-Length over the maximum with 413, and takes one at the maximum', async () => {
    const tus = tusDriver(dam.url, carlos);
    const over = await tus.create(MAX + 1, { filename: 'big.bin', destPath: 'Drop' });
    expect(over.status).toBe(413);
    const huge = await tus.create(2 ** 52, { filename: 'huge.bin', destPath: 'Drop' });
    expect(huge.status).toBe(413);
    const atMax = await tus.create(MAX, { filename: 'fits.bin', destPath: 'Drop' });
    expect(atMax.status).toBe(201);
    const done = await tus.patch(atMax.location, 0, new Uint8Array(MAX));
    expect(done.status).toBe(204);
  });

  it('has a sensible default when nothing is configured', () => {
    expect(DEFAULT_MAX_UPLOAD_BYTES).toBeGreaterThanOrEqual(1024 ** 3);
    expect(DEFAULT_MAX_UPLOAD_BYTES).toBeLessThanOrEqual(Number.MAX_SAFE_INTEGER);
  });
});
