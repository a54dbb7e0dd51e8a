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
  private constructor(
    readonly id: number,
    private readonly connection: pg.Client | undefined,
  ) {}

  static async start(databaseUrl: string | undefined): Promise<IntentOwner> {
    const id = randomInt(1, 2 ** 31 - 1);
    if (!databaseUrl) return new IntentOwner(id, undefined);
    const connection = new pg.Client({ connectionString: databaseUrl });
    // A dropped connection means another server may now recover our intents: nothing here can keep them safe.
    connection.on('error', () => {});
    await connection.connect();
    await connection.query('select pg_advisory_lock($1, $2)', [OWNER_LOCK_CLASS, id]);
    return new IntentOwner(id, connection);
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
    await this.connection?.end().catch(() => {});
  }
}
