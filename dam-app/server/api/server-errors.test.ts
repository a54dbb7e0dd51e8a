import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSET_MESSAGES } from '../../api/asset-messages.ts';
import { MESSAGES } from '../../api/messages.ts';
import { ingestFile } from '../assets/ingest.ts';
import { ensureFolderRow } from '../folders/folder-queries.ts';
import { createLogger } from '../log.ts';
import { aclUser } from '../test-support/acl-fixture.ts';
import type { ApiClient } from '../test-support/api-client.ts';
import { canMount, LEAKS, mountTmpfs, unmount } from '../test-support/mounts.ts';
import { DATABASE_KINDS, startTestDam, type TestDam } from '../test-support/test-dam.ts';

describe.each(DATABASE_KINDS)('server errors on %s', (kind) => {
  let dam: TestDam;
  let carlos: ApiClient;
  const lines: Record<string, unknown>[] = [];
  let locked = '';

  beforeAll(async () => {
    dam = await startTestDam(kind, {}, { log: createLogger((line) => lines.push(JSON.parse(line))) });
    carlos = await aclUser(dam, 'carlos', 'Library');
    locked = join(dam.services.config.storageRoot, 'Library/Locked');
    await mkdir(locked, { recursive: true });
  });
  afterAll(async () => {
    if (locked) unmount(locked);
    await dam?.close();
  });

  it('gives every request an id: in its X-Request-Id header and in its log line', async () => {
    const one = await fetch(`${dam.url}/api/v1/health`);
    const two = await fetch(`${dam.url}/api/v1/no-such-thing`);
    const ids = [one.headers.get('x-request-id'), two.headers.get('x-request-id')];
    expect(ids[0]).toMatch(/^[\w-]{16,}$/);
    expect(ids[1]).toMatch(/^[\w-]{16,}$/);
    expect(ids[0]).not.toBe(ids[1]);
    for (const id of ids)
      expect(lines.find((line) => line.event === 'api.request' && line.request_id === id)).toBeDefined();
  });

  it.runIf(canMount())(
    'a file-system failure answers the spec’s text and the request id, the log has the detail',
    async () => {
      mountTmpfs(locked, 'ro,size=1m');
      const parentId = await ensureFolderRow(dam.services.db, 'Library/Locked');
      const answer = await fetch(`${dam.url}/api/v1/folders`, {
        method: 'POST',
        headers: {
          cookie: carlos.cookie ?? '',
          origin: dam.url,
          'content-type': 'application/json',
          'x-csrf-token': carlos.csrfToken ?? '',
        },
        body: JSON.stringify({ parentId, name: 'New' }),
      });
      expect(answer.status).toBe(500);
      const text = await answer.text();
      expect(text).not.toMatch(LEAKS);
      const body = JSON.parse(text);
      const id = answer.headers.get('x-request-id');
      expect(body.error.user_message).toBe(ASSET_MESSAGES.folderCreationFailed);
      expect(body.error.details.request_id).toBe(id);
      const logged = lines.find((line) => line.request_id === id && line.level === 'error');
      expect(JSON.stringify(logged)).toMatch(/EROFS/);
    },
  );

  it('an unexpected system error is a 500 with the spec’s text and the request id, never the raw error', async () => {
    // A file where the loading dock's folder should be: the dock cannot be made.
    const dock = join(dam.services.config.storageRoot, 'LoadingDock');
    await writeFile(dock, 'not a folder');
    try {
      await writeFile(join(dam.services.config.storageRoot, 'Library/plain.txt'), 'plain');
      const asset = await ingestFile(dam.services, 'Library/plain.txt');
      const answer = await carlos.post('/loading-dock', { ids: [asset.id] });
      expect(answer.status).toBe(500);
      expect(JSON.stringify(answer.body)).not.toMatch(LEAKS);
      expect(answer.body.error.user_message).toBe(MESSAGES.operationFailed);
      const id = answer.body.error.details.request_id;
      const logged = lines.find((line) => line.request_id === id && line.level === 'error');
      // The raw error, with its path, is in the log only.
      expect(JSON.stringify(logged)).toMatch(/mkdir '.*LoadingDock/);
    } finally {
      await rm(dock, { force: true });
    }
  });
});
