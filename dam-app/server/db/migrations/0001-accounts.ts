import { type Kysely, sql } from 'kysely';

// Written in SQL both PostgreSQL 15 (Debian) and PGlite accept; the test suites run on both.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table users (
      id integer generated always as identity primary key,
      username text not null,
      password_hash text,
      status text not null check (status in ('active', 'pending', 'disabled')),
      is_admin boolean not null default false,
      special text check (special in ('root', 'nologin', 'guest')),
      activation_code_hash text,
      current_acl_id integer,
      email text, first_name text, mi text, last_name text, company text, position text,
      address1 text, address2 text, city text, state text, zip text, country text,
      phone text, ext text, dept text, icon text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create unique index users_username_key on users (lower(username))`.execute(db);
  await sql`create index users_email_idx on users (lower(email))`.execute(db);

  await sql`
    create table groups (
      id integer generated always as identity primary key,
      name text not null,
      description text not null default '',
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create unique index groups_name_key on groups (lower(name))`.execute(db);
  await sql`
    create table group_members (
      group_id integer not null references groups (id) on delete cascade,
      user_id integer not null references users (id) on delete cascade,
      primary key (group_id, user_id)
    )`.execute(db);
  await sql`create index group_members_user_idx on group_members (user_id)`.execute(db);

  await sql`
    create table acls (
      id integer generated always as identity primary key,
      name text not null,
      root_path text not null,
      permissions text[] not null default '{}',
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create unique index acls_name_key on acls (lower(name))`.execute(db);
  await sql`
    create table acl_grants (
      acl_id integer not null references acls (id) on delete cascade,
      user_id integer references users (id) on delete cascade,
      group_id integer references groups (id) on delete cascade,
      check ((user_id is null) <> (group_id is null))
    )`.execute(db);
  await sql`create unique index acl_grants_user_key on acl_grants (acl_id, user_id) where user_id is not null`.execute(
    db,
  );
  await sql`create unique index acl_grants_group_key on acl_grants (acl_id, group_id) where group_id is not null`.execute(
    db,
  );
  await sql`create index acl_grants_user_idx on acl_grants (user_id)`.execute(db);
  await sql`create index acl_grants_group_idx on acl_grants (group_id)`.execute(db);
  await sql`alter table users add foreign key (current_acl_id) references acls (id) on delete set null`.execute(
    db,
  );

  await sql`
    create table sessions (
      id text primary key,
      user_id integer not null references users (id) on delete cascade,
      csrf_token text not null,
      admin_mode boolean not null default false,
      created_at timestamptz not null default now(),
      last_seen_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index sessions_user_idx on sessions (user_id)`.execute(db);

  await sql`
    create table api_keys (
      id integer generated always as identity primary key,
      user_id integer not null references users (id) on delete cascade,
      name text not null,
      key_hash text not null unique,
      prefix text not null,
      created_at timestamptz not null default now(),
      last_used_at timestamptz
    )`.execute(db);
  await sql`create unique index api_keys_name_key on api_keys (user_id, lower(name))`.execute(db);

  await sql`
    create table invitations (
      id text primary key,
      email text not null,
      default_group_id integer references groups (id) on delete set null,
      invited_by integer references users (id) on delete set null,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      accepted_at timestamptz,
      deleted_at timestamptz,
      accepted_user_id integer references users (id) on delete set null
    )`.execute(db);

  await sql`
    create table password_resets (
      token_hash text primary key,
      user_id integer not null references users (id) on delete cascade,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      used_at timestamptz
    )`.execute(db);

  await sql`
    create table login_attempts (
      id bigint generated always as identity primary key,
      login text not null,
      ip text not null,
      ok boolean not null,
      at timestamptz not null default now()
    )`.execute(db);
  await sql`create index login_attempts_login_idx on login_attempts (login, at)`.execute(db);
  await sql`create index login_attempts_ip_idx on login_attempts (ip, at)`.execute(db);

  await sql`
    create table audit_log (
      id bigint generated always as identity primary key,
      at timestamptz not null default now(),
      actor_id integer references users (id) on delete set null,
      event text not null,
      target text,
      ip text,
      details jsonb not null default '{}'
    )`.execute(db);
  await sql`create index audit_log_at_idx on audit_log (at desc)`.execute(db);

  await sql`
    create table jobs (
      id bigint generated always as identity primary key,
      kind text not null,
      payload jsonb not null default '{}',
      run_at timestamptz not null default now(),
      attempts integer not null default 0,
      locked_until timestamptz,
      done_at timestamptz,
      failed_at timestamptz,
      last_error text,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index jobs_due_idx on jobs (run_at) where done_at is null and failed_at is null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'jobs',
    'audit_log',
    'login_attempts',
    'password_resets',
    'invitations',
    'api_keys',
    'sessions',
    'acl_grants',
    'group_members',
  ])
    await sql`drop table ${sql.table(table)}`.execute(db);
  await sql`alter table users drop column current_acl_id`.execute(db);
  for (const table of ['acls', 'groups', 'users']) await sql`drop table ${sql.table(table)}`.execute(db);
}
