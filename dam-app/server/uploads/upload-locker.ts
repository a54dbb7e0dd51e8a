import { randomUUID } from 'node:crypto';
import { ERRORS, type Lock, type Locker, type RequestRelease } from '@tus/server';
import type { Kysely } from 'kysely';
import type { Unlisten } from '../db/open-database.ts';
import type { Database } from '../db/schema.ts';
import type { IntentOwner } from '../intents/intent-owner.ts';
import type { Logger } from '../log.ts';
import {
  askUploadRelease,
  deleteUploadLock,
  insertUploadLock,
  takeOverUploadLock,
  UPLOAD_RELEASE_CHANNEL,
  uploadLockHolder,
} from './upload-lock-queries.ts';

/** tus's own default: a request that cannot have the upload within this answers 500 and the client retries. */
const ACQUIRE_TIMEOUT_MS = 30_000;
/** How often a waiting request looks again (and asks the holder again, in case the first ask was missed). */
const RETRY_MS = 50;
const ASK_AGAIN_MS = 1000;

type Listen = (channel: string, onPayload: (payload: string) => void) => Promise<Unlisten>;

/**
 * tus's upload lock kept in the database, so the servers of a cluster exclude each other: a PATCH resumed through
 * server B while server A still writes the same upload asks A (NOTIFY, heard by every server) to stop, and takes the
 * lock once A let go. A killed server's locks are free at once: its intent owner's advisory lock went with its
 * connection. tus's in-memory locker would let both write at one offset, and the file would be garbage.
 */
export class DatabaseUploadLocker implements Locker {
  /** The requests of this process holding a lock: what to call when someone asks for the upload. */
  private readonly held = new Map<string, { token: string; release: RequestRelease }>();
  private unlisten: Unlisten | undefined;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly owner: IntentOwner,
    private readonly log: Logger,
  ) {}

  async start(listen: Listen): Promise<void> {
    this.unlisten = await listen(UPLOAD_RELEASE_CHANNEL, (payload) => {
      const [token = '', uploadId = ''] = payload.split(' ');
      this.releaseHere(uploadId, token);
    });
  }

  async stop(): Promise<void> {
    await this.unlisten?.();
  }

  newLock(id: string): Lock {
    return new DatabaseUploadLock(id, this);
  }

  /** One attempt: whether this request (its `token`) now holds the upload, else the holding request's token. */
  async take(uploadId: string, token: string): Promise<{ taken: true } | { taken: false; holder?: string }> {
    return this.db.transaction().execute(async (trx) => {
      if (await insertUploadLock(trx, uploadId, this.owner.id, token)) return { taken: true };
      const holder = await uploadLockHolder(trx, uploadId);
      // Deleted since the insert looked: the next attempt inserts.
      if (!holder) return { taken: false };
      if (holder.owner === this.owner.id || !(await this.owner.isDead(trx, holder.owner)))
        return { taken: false, holder: holder.token };
      await takeOverUploadLock(trx, uploadId, this.owner.id, token);
      return { taken: true };
    });
  }

  /** Notes the request holding `uploadId`, to be asked to let go when another wants it. */
  remember(uploadId: string, token: string, release: RequestRelease) {
    this.held.set(uploadId, { token, release });
  }

  /**
   * Asks the request holding `uploadId` with `holder` to let go — that request only: an ask that arrives late must
   * not stop the next holder (the asker itself, perhaps).
   */
  async ask(uploadId: string, holder: string): Promise<void> {
    // A holder in this process is asked at once; the others through the database.
    this.releaseHere(uploadId, holder);
    await askUploadRelease(this.db, `${holder} ${uploadId}`).catch((error: Error) =>
      this.log.warn('upload.release_ask_failed', { error: error.message }),
    );
  }

  async release(uploadId: string, token: string): Promise<void> {
    if (this.held.get(uploadId)?.token === token) this.held.delete(uploadId);
    await deleteUploadLock(this.db, uploadId, token);
  }

  private releaseHere(uploadId: string, token: string) {
    const held = this.held.get(uploadId);
    if (held?.token === token) void Promise.resolve(held.release()).catch(() => {});
  }
}

class DatabaseUploadLock implements Lock {
  private readonly token = randomUUID();

  constructor(
    private readonly id: string,
    private readonly locker: DatabaseUploadLocker,
  ) {}

  async lock(signal: AbortSignal, requestRelease: RequestRelease): Promise<void> {
    const deadline = Date.now() + ACQUIRE_TIMEOUT_MS;
    let askedAt = 0;
    while (!signal.aborted && Date.now() < deadline) {
      const attempt = await this.locker.take(this.id, this.token);
      if (attempt.taken) {
        this.locker.remember(this.id, this.token, requestRelease);
        return;
      }
      if (attempt.holder && Date.now() - askedAt >= ASK_AGAIN_MS) {
        askedAt = Date.now();
        await this.locker.ask(this.id, attempt.holder);
      }
      await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
    }
    throw ERRORS.ERR_LOCK_TIMEOUT;
  }

  async unlock(): Promise<void> {
    await this.locker.release(this.id, this.token);
  }
}
