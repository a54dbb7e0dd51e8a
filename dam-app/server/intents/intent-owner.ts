import { randomInt } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import type { Database } from '../db/schema.ts';

/** The advisory-lock class of intent owners (the lock's first key), apart from every other advisory lock. */
export const OWNER_LOCK_CLASS = 0x1d7e;

/**
 * This server process's name on the intents it writes, and the test of whether another name is still alive.
 *
 * PostgreSQL (several servers may share it): the owner holds a session advisory lock on its name over a connection
 * of its own for as long as the process lives; PostgreSQL drops the lock the moment that connection dies (SIGKILL,
 * crash, lost host), so another server that can take the lock knows the owner is gone — no lease to wait out and
 * no clock to trust. PGlite: one process has the database, so every owner but this one is dead.
 */
export class IntentOwner {
  private closed = false;
  private retry: NodeJS.Timeout | undefined;

  private constructor(
    readonly id: number,
    private readonly databaseUrl: string | undefined,
    private connection: pg.Client | undefined,
  ) {}

  static async start(databaseUrl: string | undefined): Promise<IntentOwner> {
    const id = randomInt(1, 2 ** 31 - 1);
    if (!databaseUrl) return new IntentOwner(id, undefined, undefined);
    const owner = new IntentOwner(id, databaseUrl, undefined);
    owner.connection = await owner.lockConnection();
    return owner;
  }

  /**
   * A connection holding the owner's lock. When PostgreSQL drops it (a restart), the lock is gone and another server
   * may take this live one for dead: the lock is taken again as soon as the database answers, every second until then.
   */
  private async lockConnection(): Promise<pg.Client> {
    const connection = new pg.Client({ connectionString: this.databaseUrl });
    connection.on('error', () => this.again(connection));
    connection.on('end', () => this.again(connection));
    await connection.connect();
    await connection.query('select pg_advisory_lock($1, $2)', [OWNER_LOCK_CLASS, this.id]);
    return connection;
  }

  private again(lost: pg.Client) {
    if (this.closed || this.retry || this.connection !== lost) return;
    void lost.end().catch(() => {});
    this.retry = setTimeout(() => {
      this.retry = undefined;
      this.lockConnection().then(
        (connection) => {
          if (this.closed) void connection.end().catch(() => {});
          else this.connection = connection;
        },
        () => this.again(lost),
      );
    }, 1000);
    this.retry.unref();
  }

  /** Inside a transaction: is `owner`'s process gone? A PostgreSQL answer holds the owner's lock to the end of it. */
  async isDead(trx: Kysely<Database>, owner: number): Promise<boolean> {
    if (owner === this.id) return false;
    if (!this.connection) return true;
    const { rows } = await sql<{
      free: boolean;
    }>`select pg_try_advisory_xact_lock(${OWNER_LOCK_CLASS}, ${owner}) as free`.execute(trx);
    return rows[0]?.free === true;
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retry);
    await this.connection?.end().catch(() => {});
  }
}
