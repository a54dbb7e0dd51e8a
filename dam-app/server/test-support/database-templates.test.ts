import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../db/migrations/index.ts';
import type { DamServices } from '../services.ts';
import { DATABASE_KINDS, startTestDam } from './test-dam.ts';

/**
 * Times differ between any two installs (Kysely keeps when each migration ran as text), and so does what names the
 * running server process (its owner id, port and the jobs it claimed) and the ids of the scheduled jobs' next
 * occurrences, which are added in the order their first runs happen to finish; every other column of every row must
 * match.
 */
const TIME_TYPES = new Set(['timestamp with time zone', 'timestamp without time zone', 'date']);
const PER_PROCESS = new Set([
  'kysely_migration.timestamp',
  'dam_servers.owner',
  'dam_servers.url',
  'jobs.locked_by',
  'jobs.id',
]);
const isTime = (column: { table_name: string; column_name: string; data_type: string }) =>
  TIME_TYPES.has(column.data_type) || PER_PROCESS.has(`${column.table_name}.${column.column_name}`);

/** The schema (tables, columns, indexes, constraints, extensions) and every row but its times, as plain text. */
async function dump(services: DamServices): Promise<Record<string, unknown>> {
  const { db } = services;
  const columns = await sql<{ table_name: string; column_name: string; data_type: string }>`
    select table_name, column_name, data_type, column_default, is_nullable
    from information_schema.columns where table_schema = 'public' order by table_name, ordinal_position`.execute(
    db,
  );
  const indexes = await sql`
    select tablename, indexname, indexdef from pg_indexes where schemaname = 'public' order by indexname`.execute(
    db,
  );
  const constraints = await sql`
    select conrelid::regclass::text as on_table, conname, pg_get_constraintdef(oid) as definition
    from pg_constraint where connamespace = 'public'::regnamespace order by on_table, conname`.execute(db);
  const extensions = await sql`select extname from pg_extension order by extname`.execute(db);
  const rows: Record<string, unknown[]> = {};
  for (const table of new Set(columns.rows.map((each) => each.table_name))) {
    const kept = columns.rows
      .filter((each) => each.table_name === table && !isTime(each))
      .map((each) => sql.ref(each.column_name));
    const list = sql.join(kept);
    rows[table] = (await sql`select ${list} from ${sql.table(table)} order by ${list}`.execute(db)).rows;
  }
  return {
    columns: columns.rows,
    indexes: indexes.rows,
    constraints: constraints.rows,
    extensions: extensions.rows,
    rows,
  };
}

describe.each(DATABASE_KINDS)('the migrated template on %s', (kind) => {
  it('gives a DAM the same database as a first install: schema, migration rows and seeded rows', async () => {
    const [copied, fresh] = await Promise.all([
      startTestDam(kind),
      startTestDam(kind, {}, { freshDatabase: true }),
    ]);
    try {
      const [fromTemplate, fromScratch] = await Promise.all([dump(copied.services), dump(fresh.services)]);
      expect((fromScratch.rows as Record<string, unknown[]>).kysely_migration).toHaveLength(
        Object.keys(MIGRATIONS).length,
      );
      expect((fromScratch.rows as Record<string, unknown[]>).users).toHaveLength(3);
      expect(fromTemplate).toEqual(fromScratch);
    } finally {
      await Promise.all([copied.close(), fresh.close()]);
    }
    // Two DAMs, one of them the slow way (initdb and every migration).
  }, 120_000);
});
