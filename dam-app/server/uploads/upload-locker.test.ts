import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IntentOwner } from '../intents/intent-owner.ts';
import { silentLogger } from '../log.ts';
import { DATABASE_KINDS, startTestDam, type TestDam } from '../test-support/test-dam.ts';
import { DatabaseUploadLocker } from './upload-locker.ts';

const never = new AbortController().signal;

describe.each(DATABASE_KINDS)('the browser uploads’ lock in the database on %s', (kind) => {
  let dam: TestDam;
  let locker: DatabaseUploadLocker;

  beforeAll(async () => {
    dam = await startTestDam(kind);
    locker = dam.services.uploadLocker as DatabaseUploadLocker;
  }, 120_000);
  afterAll(() => dam.close());

  it('asks the holder to let go, and gives the upload to the next request once it has', async () => {
    const first = locker.newLock('upload-a');
    let asked = 0;
    await first.lock(never, async () => {
      asked++;
      await first.unlock();
    });
    const second = locker.newLock('upload-a');
    await second.lock(never, () => {});
    expect(asked).toBe(1);
    const row = await dam.services.db.selectFrom('upload_locks').selectAll().executeTakeFirstOrThrow();
    expect(row.owner).toBe(dam.services.intentOwner.id);
    await second.unlock();
    expect(await dam.services.db.selectFrom('upload_locks').selectAll().execute()).toEqual([]);
  });

  it('takes at once a lock whose server died, and waits for one whose server lives', async () => {
    // A server that wrote the lock and was killed: nobody holds its owner lock any more.
    await dam.services.db
      .insertInto('upload_locks')
      .values({ upload_id: 'upload-b', owner: 777_777, token: 'gone' })
      .execute();
    const taken = locker.newLock('upload-b');
    const started = Date.now();
    await taken.lock(never, () => {});
    expect(Date.now() - started).toBeLessThan(2000);
    await taken.unlock();
    if (kind === 'pglite') return;

    // Another live server holds it and does not let go: the request gives up when its own request is aborted.
    const other = await IntentOwner.start(dam.databaseUrl);
    const otherLocker = new DatabaseUploadLocker(dam.services.db, other, silentLogger);
    const held = otherLocker.newLock('upload-c');
    await held.lock(never, () => {});
    const abort = new AbortController();
    setTimeout(() => abort.abort(), 300);
    await expect(locker.newLock('upload-c').lock(abort.signal, () => {})).rejects.toMatchObject({
      status_code: 500,
    });
    await held.unlock();
    await other.close();
  });
});
