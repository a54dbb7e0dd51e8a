import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { loadConfig } from '../config/config.ts';
import { createServices, type DamRuntime } from '../create-services.ts';
import { type Logger, silentLogger } from '../log.ts';
import type { DamServices } from '../services.ts';
import { type RunningServer, startDamServer } from '../start-server.ts';
import { ApiClient } from './api-client.ts';
import { copyPgliteTemplate, POSTGRES_TEMPLATE } from './database-templates.ts';
import { startSmtpInbox } from './smtp-inbox.ts';
import './provided-context.ts';

export type DatabaseKind = 'pglite' | 'postgres';
/** Every DAM server suite runs once on each: the embedded default and the database sites scale to. */
export const DATABASE_KINDS: DatabaseKind[] = ['pglite', 'postgres'];

export interface TestDam {
  url: string;
  home: string;
  services: DamServices;
  mail: Awaited<ReturnType<typeof startSmtpInbox>>;
  databaseUrl: string | undefined;
  client(options?: ConstructorParameters<typeof ApiClient>[1]): ApiClient;
  /** Creates an active user (admin or not) and returns a client logged in as them. */
  userClient(
    username: string,
    options?: { admin?: boolean; groupNames?: string[]; origin?: string },
  ): Promise<ApiClient>;
  close(): Promise<void>;
}

export const TEST_PASSWORD = 'Test-Password-42';

/**
 * A fresh database in this run's PostgreSQL cluster: empty, or (`migrated`) a clone of the run's migrated template,
 * which saves each suite the migrations.
 */
export async function freshPostgresDatabase(options: { migrated?: boolean } = {}): Promise<string> {
  const admin = new pg.Client({ connectionString: inject('postgresUrl') });
  await admin.connect();
  const name = `dam_${randomBytes(6).toString('hex')}`;
  try {
    await admin.query(`create database ${name}${options.migrated ? ` template ${POSTGRES_TEMPLATE}` : ''}`);
  } finally {
    await admin.end();
  }
  const url = new URL(inject('postgresUrl'));
  url.pathname = `/${name}`;
  return url.toString();
}

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * The node arguments that start the DAM server (or the demo entry) as its own process: the run's bundle of it
 * (server-bundle.ts), which starts far quicker than the sources under tsx.
 */
export function damProcessArgs(entry: 'server' | 'demo-server' = 'server'): string[] {
  return [inject('damServerBundle')[entry]];
}

/**
 * Puts a copy of the run's migrated PGlite template in a DAM home that has no database yet, so the server opens it
 * instead of running initdb and every migration. A home that already holds a database keeps it.
 */
export async function seedPgliteHome(home: string): Promise<void> {
  const dir = join(home, 'pglite');
  if (!existsSync(dir)) await copyPgliteTemplate(inject('pgliteTemplate'), dir);
}

/**
 * A real DAM server for a test suite: its own home folder, a fresh database of the given kind, a real SMTP server
 * for its mail, listening on a loopback port. The database starts as a copy of the run's migrated template
 * (`freshDatabase` makes it the slow way: an empty database and every migration, as a first install does).
 */
export async function startTestDam(
  kind: DatabaseKind,
  env: Record<string, string> = {},
  options: { databaseUrl?: string; smtp?: boolean; log?: Logger; freshDatabase?: boolean } = {},
): Promise<TestDam> {
  const home = await mkdtemp(join(tmpdir(), 'rapid-dam-test-'));
  const mail = await startSmtpInbox();
  const migrated = options.freshDatabase !== true;
  const databaseUrl =
    kind === 'postgres' ? (options.databaseUrl ?? (await freshPostgresDatabase({ migrated }))) : undefined;
  const port = await freePort();
  const config = loadConfig({
    DAM_HOME: home,
    PORT: String(port),
    ...(options.smtp === false ? {} : { SMTP_URL: mail.url }),
    DAM_SCRYPT_LOG_N: '10',
    // Suites that need a transfer node turn it on with free ports (DAM_NODE_API_PORT=0, …).
    DAM_EMBEDDED_NODE: 'false',
    // Suites that test the periodic reconcile turn it on; elsewhere it would ingest files a test put there.
    DAM_RECONCILE_SECONDS: '0',
    // The shipped dictionary (45k words) only where a suite asks for it (DAM_WORD_LIST): loading it costs seconds.
    DAM_WORD_LIST: 'none',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...env,
  });
  if (kind === 'pglite' && migrated) await seedPgliteHome(config.home);
  const runtime: DamRuntime = await createServices(config, options.log ?? silentLogger);
  const server: RunningServer = await startDamServer({
    port,
    publicDir: home,
    sdkDir: home,
    services: runtime.services,
  });
  const url = `http://127.0.0.1:${port}`;
  const dam: TestDam = {
    url,
    home,
    services: runtime.services,
    mail,
    databaseUrl,
    client: (options) => new ApiClient(url, options),
    async userClient(username, options = {}) {
      const { hashPassword } = await import('../auth/passwords.ts');
      const db = runtime.services.db;
      const user = await db
        .insertInto('users')
        .values({
          username,
          password_hash: await hashPassword(TEST_PASSWORD, 10),
          status: 'active',
          is_admin: options.admin === true,
          email: `${username}@dam.example`,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const name of options.groupNames ?? []) {
        const group = await db
          .selectFrom('groups')
          .select('id')
          .where('name', '=', name)
          .executeTakeFirstOrThrow();
        await db.insertInto('group_members').values({ group_id: group.id, user_id: user.id }).execute();
      }
      const client = new ApiClient(url, options.origin ? { origin: options.origin } : {});
      await client.login(username, TEST_PASSWORD);
      return client;
    },
    async close() {
      await server.close();
      await runtime.close();
      await mail.close();
      await rm(home, { recursive: true, force: true });
    },
  };
  return dam;
}
