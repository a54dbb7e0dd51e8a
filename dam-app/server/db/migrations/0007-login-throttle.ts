import { type Kysely, sql } from 'kysely';

// Login throttling by account and by address. An attempt is claimed (outcome 'pending') before its password is
// checked, under advisory locks on its account and address, so concurrent guesses at any number of servers are
// counted before they are checked; it is settled 'ok' or 'failed' afterwards. `account` is the resolved user
// ("user:<id>", whatever name or e-mail was typed) or, for no such account, the identifier as typed.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table login_throttle (
      id bigint generated always as identity primary key,
      account text not null,
      ip text not null,
      outcome text not null default 'pending' check (outcome in ('pending', 'ok', 'failed')),
      at timestamptz not null default now()
    )`.execute(db);
  await sql`create index login_throttle_account_idx on login_throttle (account, at)`.execute(db);
  await sql`create index login_throttle_ip_idx on login_throttle (ip, at)`.execute(db);
  await sql`create index login_throttle_at_idx on login_throttle (at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table login_throttle`.execute(db);
}
