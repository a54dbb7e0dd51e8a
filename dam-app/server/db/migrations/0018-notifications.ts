import { type Kysely, sql } from 'kysely';

/**
 * Issue 28, the notification center and My Tasks:
 * - `notifications`: one row per recipient and event, written by `notify` in the transaction of the change it reports
 *   (so a rolled-back change leaves none). Paged newest first by id per person (`notifications_user_id`); the unread
 *   count and the digest read partial indexes. `key` is the loading dock's notificationId for a dock's notification.
 * - `notification_subscriptions`: who follows which folder (and everything under it), collection or asset.
 * - `notification_settings`: how a person gets notifications by mail (off, each at once, a daily digest), and when
 *   their last digest went (a server restart runs the digest job, which skips who had one in the last day).
 * - `tasks`: actions waiting on a person (R-MY-TASKS: Scheduled, Completed, Error); `source` names what
 *   made the task (a check-out, a dock) so the same source completes it, and has one open task per person.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table notifications (
      id integer generated always as identity primary key,
      user_id integer not null references users (id) on delete cascade,
      type text not null,
      subject text not null,
      actor_id integer references users (id) on delete set null,
      target_kind text,
      target_id text,
      key text unique,
      created_at timestamptz not null default now(),
      read_at timestamptz,
      mailed_at timestamptz
    )`.execute(db);
  await sql`create index notifications_user_id on notifications (user_id, id desc)`.execute(db);
  await sql`create index notifications_unread on notifications (user_id, id) where read_at is null`.execute(
    db,
  );
  await sql`create index notifications_unmailed on notifications (user_id, id)
    where mailed_at is null and read_at is null`.execute(db);
  await sql`
    create table notification_subscriptions (
      user_id integer not null references users (id) on delete cascade,
      target text not null check (target in ('folder', 'collection', 'asset')),
      target_id integer not null,
      created_at timestamptz not null default now(),
      primary key (user_id, target, target_id)
    )`.execute(db);
  await sql`create index notification_subscriptions_target
    on notification_subscriptions (target, target_id)`.execute(db);
  await sql`
    create table notification_settings (
      user_id integer primary key references users (id) on delete cascade,
      mail text not null default 'off' check (mail in ('off', 'immediate', 'daily')),
      digested_at timestamptz,
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`
    create table tasks (
      id integer generated always as identity primary key,
      user_id integer not null references users (id) on delete cascade,
      kind text not null,
      title text not null,
      status text not null default 'Scheduled' check (status in ('Scheduled', 'Completed', 'Error')),
      due_at timestamptz,
      target_kind text,
      target_id text,
      source text not null,
      created_at timestamptz not null default now(),
      completed_at timestamptz
    )`.execute(db);
  await sql`create unique index tasks_open_source on tasks (user_id, source) where status <> 'Completed'`.execute(
    db,
  );
  await sql`create index tasks_user on tasks (user_id, status, due_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table tasks`.execute(db);
  await sql`drop table notification_settings`.execute(db);
  await sql`drop table notification_subscriptions`.execute(db);
  await sql`drop table notifications`.execute(db);
}
