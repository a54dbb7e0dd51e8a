import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { PGliteDialect } from './pglite-dialect.ts';
import type { Database } from './schema.ts';

/** Stops listening. */
export type Unlisten = () => Promise<void>;

export interface OpenDatabase {
  db: Kysely<Database>;
  kind: 'pglite' | 'postgres';
  /** LISTEN on a channel: every NOTIFY's payload, from any server sharing the database. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<Unlisten>;
  /** PostgreSQL's connection pool now (the health test's "pool use"); PGlite has one connection and no pool. */
  pool?: () => DatabasePool;
  close(): Promise<void>;
}

export interface DatabasePool {
  size: number;
  inUse: number;
  waiting: number;
}

export class DatabaseUnavailableError extends Error {}

/** PostgreSQL when a URL is given, else PGlite in `pgliteDir`. Fails with one clear line when it cannot connect. */
export async function openDatabase(options: {
  databaseUrl?: string | undefined;
  pgliteDir: string;
  poolSize?: number;
}): Promise<OpenDatabase> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    // An idle client that the server drops must not crash the process; the pool replaces it.
    pool.on('error', () => {});
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    try {
      await sql`select 1`.execute(db);
    } catch (error) {
      await db.destroy();
      throw new DatabaseUnavailableError(
        `Cannot reach the database at ${redact(options.databaseUrl)}: ${(error as Error).message || (error as { code?: string }).code}`,
      );
    }
    const size = options.poolSize ?? 10;
    return {
      db,
      kind: 'postgres',
      pool: () => ({ size, inUse: pool.totalCount - pool.idleCount, waiting: pool.waitingCount }),
      listen: (channel, onPayload) => listenOnPostgres(options.databaseUrl as string, channel, onPayload),
      close: () => db.destroy(),
    };
  }
  await mkdir(options.pgliteDir, { recursive: true });
  let pglite: PGlite;
  try {
    // pg_trgm: substring search of names (migration 0010).
    pglite = await PGlite.create(options.pgliteDir, { extensions: { pg_trgm } });
  } catch (error) {
    throw new DatabaseUnavailableError(
      `Cannot open the embedded database in ${options.pgliteDir}: ${(error as Error).message}`,
    );
  }
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
  return {
    db,
    kind: 'pglite',
    listen: (channel, onPayload) => pglite.listen(channel, onPayload).then((stop) => () => stop()),
    close: async () => {
      await db.destroy();
      await pglite.close();
    },
  };
}

/**
 * A connection of its own that stays in LISTEN (a pooled one would be handed to queries). When the server drops it,
 * it connects again after a second; notifications sent in between are missed, which costs a page one refresh.
 */
async function listenOnPostgres(
  url: string,
  channel: string,
  onPayload: (payload: string) => void,
): Promise<Unlisten> {
  let client: pg.Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const again = (failed: pg.Client) => {
    if (stopped || retry) return;
    if (client === failed) client = undefined;
    void failed.end().catch(() => {});
    retry = setTimeout(() => {
      retry = undefined;
      void connect().catch(() => {});
    }, 1000);
    retry.unref();
  };
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (message) => {
      if (message.channel === channel) onPayload(message.payload ?? '');
    });
    next.on('error', () => again(next));
    try {
      await next.connect();
      await next.query(`listen ${next.escapeIdentifier(channel)}`);
    } catch (error) {
      again(next);
      throw error;
    }
    if (stopped) await next.end();
    else client = next;
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await client?.end().catch(() => {});
  };
}

/** The URL without its password, for messages. */
function redact(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'the configured URL';
  }
}
