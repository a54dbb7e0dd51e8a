import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../test-support/api-client.ts';
import { type PostgresCluster, startPostgresCluster } from '../test-support/postgres-cluster.ts';
import { startTestDam, type TestDam } from '../test-support/test-dam.ts';

/**
 * A PostgreSQL restart under a running DAM (issue 30): every connection the DAM holds — the pool's, the LISTEN
 * connection, the intent owner's lock — is dropped by a real server shutting down. The DAM must not crash (an
 * uncaught "Connection terminated unexpectedly" would fail this file), must answer 503 while the database is gone,
 * and must serve again, owner lock included, once it is back, without a restart of its own.
 */
describe('a PostgreSQL restart while the DAM runs', () => {
  let cluster: PostgresCluster;
  let dam: TestDam;
  let admin: ApiClient;
  const errors: unknown[] = [];
  const record = (error: unknown) => errors.push(error);

  beforeAll(async () => {
    process.on('uncaughtException', record);
    process.on('unhandledRejection', record);
    cluster = await startPostgresCluster();
    const setup = new pg.Client({ connectionString: cluster.url });
    await setup.connect();
    await setup.query('create database dam_restart');
    await setup.end();
    const url = new URL(cluster.url);
    url.pathname = '/dam_restart';
    dam = await startTestDam('postgres', {}, { databaseUrl: url.toString(), freshDatabase: true });
    admin = await dam.userClient('boss', { admin: true });
  }, 60_000);
  afterAll(async () => {
    await dam?.close();
    await cluster?.stop();
    process.off('uncaughtException', record);
    process.off('unhandledRejection', record);
  });

  const waitFor = async (what: string, check: () => Promise<boolean>, ms = 20_000) => {
    for (const deadline = Date.now() + ms; Date.now() < deadline; ) {
      if (await check().catch(() => false)) return;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(`${what} within ${ms} ms`);
  };

  it('answers 503 while PostgreSQL is down, does not crash, and serves again once it is back', async () => {
    expect((await admin.get('/session')).status).toBe(200);
    const ownerLocks = async () => {
      const client = new pg.Client({ connectionString: dam.databaseUrl });
      await client.connect();
      try {
        const { rows } = await client.query(
          "select count(*)::int as n from pg_locks where locktype = 'advisory' and objid = $1",
          [dam.services.intentOwner.id],
        );
        return rows[0].n as number;
      } finally {
        await client.end();
      }
    };
    expect(await ownerLocks()).toBe(1);

    await cluster.pause();
    // Requests while it is down: the pool's clients were dropped, new connections are refused.
    for (const path of ['/session', '/admin/groups', '/health']) {
      const answer = await admin.get(path);
      expect(answer.status, path).toBe(503);
      expect(answer.body.error?.code ?? answer.body.database, path).toMatch(
        /database_unavailable|unreachable/,
      );
    }
    // Long enough for the LISTEN connection and the owner lock's connection to notice and try again.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await cluster.resume();

    await waitFor('the DAM answers again', async () => (await admin.get('/session')).status === 200);
    expect((await admin.get('/admin/groups')).status).toBe(200);
    // The intent owner holds its lock again, so other servers do not take this live server for dead.
    await waitFor('the owner lock is taken again', async () => (await ownerLocks()) === 1);
    expect(errors).toEqual([]);
  });
});
