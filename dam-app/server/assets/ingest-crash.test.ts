import { type ChildProcess, spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/schema.ts';
import { eventually } from '../test-support/sample-media.ts';
import { damProcessArgs, freePort, freshPostgresDatabase } from '../test-support/test-dam.ts';

const FILES = 500;

// A real server process, killed with SIGKILL in the middle of ingesting 500 files, then started again: every file
// ends up as exactly one asset, with its renditions.
describe('ingest survives SIGKILL', () => {
  let home: string;
  let databaseUrl: string;
  let db: Kysely<Database>;
  let server: ChildProcess | undefined;

  const start = async () => {
    const child = spawn(process.execPath, damProcessArgs(), {
      env: {
        ...process.env,
        DAM_HOME: home,
        DATABASE_URL: databaseUrl,
        PORT: String(await freePort()),
        DAM_SCRYPT_LOG_N: '10',
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    child.stderr?.resume();
    return child;
  };
  const count = async (query: ReturnType<typeof sql<{ n: string }>>) =>
    Number((await query.execute(db)).rows[0]?.n);

  beforeAll(async () => {
    home = await mkdtemp(join(tmpdir(), 'rapid-dam-crash-'));
    databaseUrl = await freshPostgresDatabase({ migrated: true });
    const folder = join(home, 'storage/Library/Crash');
    await mkdir(folder, { recursive: true });
    for (let index = 0; index < FILES; index++)
      await sharp({
        create: {
          width: 64,
          height: 48,
          channels: 3,
          background: { r: index % 256, g: (index * 7) % 256, b: 90 },
        },
      })
        .jpeg()
        .toFile(join(folder, `f-${index}.jpg`));
    db = new Kysely<Database>({
      dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: databaseUrl }) }),
    });
  }, 120_000);
  afterAll(async () => {
    server?.kill('SIGKILL');
    await db.destroy();
    await rm(home, { recursive: true, force: true });
  });

  it('finds every file exactly once, with its renditions, after a restart', async () => {
    server = await start();
    // The server migrates on start and reconciles the whole storage; an administrator asks for this folder too.
    await eventually(
      async () => (await sql<{ t: string | null }>`select to_regclass('assets') as t`.execute(db)).rows[0]?.t,
      60_000,
    );
    await sql`insert into jobs (kind, payload) values ('storage.reconcile', ${JSON.stringify({ path: 'Library/Crash' })})`.execute(
      db,
    );
    await eventually(
      async () => (await count(sql<{ n: string }>`select count(*) as n from assets`)) >= 60,
      90_000,
    );
    server.kill('SIGKILL');
    await new Promise((resolve) => server?.once('exit', resolve));
    const before = await count(sql<{ n: string }>`select count(*) as n from assets`);
    expect(before).toBeLessThan(FILES);

    // The dead server's leases run out (five minutes in production); the restarted server takes the jobs over
    // (the next periodic reconcile, an hour away, is not due).
    await sql`update jobs set locked_until = now() - interval '1 second' where done_at is null and locked_until is not null`.execute(
      db,
    );
    server = await start();
    await eventually(
      async () =>
        (await count(
          sql<{ n: string }>`select count(*) as n from jobs where done_at is null and failed_at is null
            and (schedule_key is null or run_at <= now())`,
        )) === 0,
      150_000,
    );
    server.kill('SIGTERM');

    expect(await count(sql<{ n: string }>`select count(*) as n from assets where status = 'active'`)).toBe(
      FILES,
    );
    expect(await count(sql<{ n: string }>`select count(distinct path) as n from assets`)).toBe(FILES);
    expect(
      await count(sql<{ n: string }>`select count(*) as n from assets where rendition_state <> 'done'`),
    ).toBe(0);
    expect(
      await count(sql<{ n: string }>`select count(*) as n from assets a
        where (select count(*) from renditions r where r.asset_id = a.id) <> 2`),
    ).toBe(0);
  }, 300_000);
});
