import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { migrateToLatest } from '../db/migrate.ts';
import { openDatabase } from '../db/open-database.ts';

const run = promisify(execFile);

/** The migrated PostgreSQL database every suite's database is cloned from (`create database … template …`). */
export const POSTGRES_TEMPLATE = 'dam_template';

/**
 * One migrated, closed PGlite data folder for the whole run. A fresh PGlite costs an initdb (1.3–2.5 s) plus the
 * migrations; a copy of this folder opens in ~0.2 s and its migration step finds nothing to do. Only migrations run
 * here: what a server does after them (special users, dictionaries, …) still runs on every copy.
 */
export async function makePgliteTemplate(): Promise<{ dir: string; remove(): Promise<void> }> {
  const root = await mkdtemp(join(tmpdir(), 'rapid-dam-pglite-template-'));
  const dir = join(root, 'pglite');
  const database = await openDatabase({ pgliteDir: dir });
  try {
    await migrateToLatest(database.db);
  } finally {
    await database.close();
  }
  return { dir, remove: () => rm(root, { recursive: true, force: true }) };
}

/** The migrated template database in the run's cluster; nobody stays connected to it, so it can be cloned. */
export async function makePostgresTemplate(clusterUrl: string): Promise<void> {
  const admin = new pg.Client({ connectionString: clusterUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${POSTGRES_TEMPLATE}`);
  } finally {
    await admin.end();
  }
  const url = new URL(clusterUrl);
  url.pathname = `/${POSTGRES_TEMPLATE}`;
  const database = await openDatabase({ databaseUrl: url.toString(), pgliteDir: '', poolSize: 1 });
  try {
    await migrateToLatest(database.db);
  } finally {
    await database.close();
  }
}

/** A copy of the PGlite template at `target` (which must not exist yet). `cp -r` is several times faster than fs.cp. */
export async function copyPgliteTemplate(template: string, target: string): Promise<void> {
  await run('cp', ['-r', template, target]);
}
