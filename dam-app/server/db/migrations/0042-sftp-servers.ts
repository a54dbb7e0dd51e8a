import { type Kysely, sql } from 'kysely';

/**
 * R-REMOTE-SFTP: SFTP is a third protocol of remote servers. A server may sign in with a private key (sealed as the
 * password is, `private_key_sealed`) and then needs no password (`password_sealed` null). `host_key` is the SHA-256
 * fingerprint of the server's host key, recorded at the first connection and checked at every one after.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table remote_servers drop constraint remote_servers_protocol_check`.execute(db);
  await sql`alter table remote_servers add constraint remote_servers_protocol_check check (protocol in ('ftp', 'ftps', 'sftp'))`.execute(
    db,
  );
  await sql`alter table remote_servers alter column password_sealed drop not null`.execute(db);
  await sql`alter table remote_servers add column private_key_sealed text`.execute(db);
  await sql`alter table remote_servers add column host_key text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from remote_servers where protocol = 'sftp' or password_sealed is null`.execute(db);
  await sql`alter table remote_servers drop column host_key`.execute(db);
  await sql`alter table remote_servers drop column private_key_sealed`.execute(db);
  await sql`alter table remote_servers alter column password_sealed set not null`.execute(db);
  await sql`alter table remote_servers drop constraint remote_servers_protocol_check`.execute(db);
  await sql`alter table remote_servers add constraint remote_servers_protocol_check check (protocol in ('ftp', 'ftps'))`.execute(
    db,
  );
}
