import { type Kysely, sql } from 'kysely';

// Crash safety of file-system + database operations (issue 23): an operation records what it is about to do before
// it touches a file, and removes the record in the same transaction as its row changes. A record still there at
// start-up is an operation a dead server left half done, which recovery finishes or undoes. `owner` names the server
// process that holds it (on PostgreSQL, a session advisory lock that dies with the process).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table operation_intents (
      id serial primary key,
      kind text not null,
      payload jsonb not null,
      paths text[] not null,
      owner integer not null,
      created_at timestamptz not null default now()
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table operation_intents`.execute(db);
}
