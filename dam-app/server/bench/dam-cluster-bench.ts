// The DAM cluster's throughput (issue 31), run by hand through scripts/bench/dam-cluster.ts. Not a CI test: it prints
// figures. One PostgreSQL 15; in the same run, a cluster of 1 and then of 3 DAM servers behind HAProxy (the build
// when there is one, else the TypeScript entry), each on a fresh database with 1,000 assets; `clients` (20) logged-in
// clients call quick search and the session for `seconds` (15) through the balancer: requests per second, p50/p95,
// errors, and the load average of the machine (on a shared 2-core machine, more servers mostly share the same cores).
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { permissionNames } from '../../api/accounts.ts';
import { hashPassword } from '../auth/passwords.ts';
import type { Database } from '../db/schema.ts';
import { ApiClient } from '../test-support/api-client.ts';
import { insertAssetRow } from '../test-support/asset-row.ts';
import { startDamCluster } from '../test-support/dam-cluster.ts';
import { startPostgresCluster } from '../test-support/postgres-cluster.ts';

const ASSETS = 1000;
const PASSWORD = 'Cluster-Password-42';

const built = fileURLToPath(new URL('../../dist/server.mjs', import.meta.url));

export async function runDamClusterBench(print: (line: string) => void, seconds = 15, clientCount = 20) {
  const postgres = await startPostgresCluster();
  async function freshDatabase(name: string): Promise<string> {
    const admin = new pg.Client({ connectionString: postgres.url });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(postgres.url);
    url.pathname = `/${name}`;
    return url.toString();
  }

  const percentile = (sorted: number[], p: number) =>
    sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;

  async function run(servers: number) {
    const databaseUrl = await freshDatabase(`dam_bench_${servers}`);
    const cluster = await startDamCluster({
      databaseUrl,
      servers,
      env: { DAM_SCRYPT_LOG_N: '10', DAM_RECONCILE_SECONDS: '0' },
      ...(existsSync(built) ? { entry: [built] } : {}),
    });
    const db = new Kysely<Database>({
      dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: databaseUrl, max: 4 }) }),
    });
    try {
      const user = await db
        .insertInto('users')
        .values({ username: 'bench', password_hash: await hashPassword(PASSWORD, 10), status: 'active' })
        .returning('id')
        .executeTakeFirstOrThrow();
      const acl = await db
        .insertInto('acls')
        .values({ name: 'Library', root_path: 'Library', permissions: [...permissionNames] })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('acl_grants')
        .values({ acl_id: acl.id, user_id: user.id, group_id: null })
        .execute();
      await mkdir(join(cluster.home, 'storage', 'Library'), { recursive: true });
      for (let index = 0; index < ASSETS; index++)
        await insertAssetRow(db, `Library/set-${index % 20}/photo-${index}.jpg`);

      // One login (twenty at once for one account would be throttled as guessing), its session in every client.
      const first = new ApiClient(cluster.url);
      await first.login('bench', PASSWORD);
      const clients = Array.from({ length: clientCount }, () => first.withOptions({}));
      const times: number[] = [];
      const errors = new Map<string, number>();
      const load = loadavg()[0] ?? 0;
      const end = Date.now() + seconds * 1000;
      await Promise.all(
        clients.map(async (client, index) => {
          for (let call = index; Date.now() < end; call++) {
            const started = performance.now();
            const answer =
              call % 2 === 0
                ? await client.post('/search', { q: `photo-${call % 500}` }).catch(() => undefined)
                : await client.get('/session').catch(() => undefined);
            times.push(performance.now() - started);
            if (answer?.status !== 200) {
              const key = `${call % 2 === 0 ? 'search' : 'session'} ${answer?.status ?? 'network'}`;
              errors.set(key, (errors.get(key) ?? 0) + 1);
            }
          }
        }),
      );
      const sorted = times.sort((a, b) => a - b);
      print(
        `| ${servers} | ${(times.length / seconds).toFixed(0)} | ${percentile(sorted, 50).toFixed(0)} | ` +
          `${percentile(sorted, 95).toFixed(0)} | ${[...errors].map(([key, n]) => `${n}× ${key}`).join(', ') || 0} | ${load.toFixed(1)} → ${(loadavg()[0] ?? 0).toFixed(1)} |`,
      );
    } finally {
      await db.destroy();
      await cluster.stop();
    }
  }

  try {
    print(`DAM cluster: ${clientCount} clients, ${seconds} s each, quick search and session through HAProxy`);
    print('| servers | requests/s | p50 ms | p95 ms | errors | load average (1 min) |');
    print('| --- | --- | --- | --- | --- | --- |');
    await run(1);
    await run(3);
  } finally {
    await postgres.stop();
  }
}
