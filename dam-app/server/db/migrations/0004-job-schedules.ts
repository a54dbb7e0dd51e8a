import { type Kysely, sql } from 'kysely';

// Recurring jobs (the periodic reconcile): a schedule's key is allowed on one pending job only, so servers that
// start together, or finish a run together, add one occurrence between them.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table jobs add column schedule_key text`.execute(db);
  await sql`create unique index jobs_schedule_key on jobs (schedule_key)
    where done_at is null and failed_at is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index jobs_schedule_key`.execute(db);
  await sql`alter table jobs drop column schedule_key`.execute(db);
}
