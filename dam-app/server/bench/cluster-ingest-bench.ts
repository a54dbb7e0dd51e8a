// Ingest across the cluster (issue 31), by hand: `npm run bench:dam-cluster -- --ingest [images]`. Not a CI test.
// One PostgreSQL 15; a cluster of 1 and then of 3 DAM servers on fresh databases and homes, each given the same JPEGs
// (1600×1200) as ingest jobs, which make the thumbnail and preview jobs: images per second until every job is done,
// the ratio of 3 servers to 3 × one server (target ≥ 0.9), jobs run more than once (must be none), and the load
// average. On a shared 2-core machine three servers share the cores one server had, so the ratio shows the jobs
// spreading without loss or duplication, not hardware scaling.
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import sharp from 'sharp';
import type { Database } from '../db/schema.ts';
import { enqueueJob } from '../jobs/job-queue.ts';
import { startDamCluster } from '../test-support/dam-cluster.ts';
import { startPostgresCluster } from '../test-support/postgres-cluster.ts';
import { INGEST_UPLOAD_JOB } from '../transfers/ingest-job.ts';

const built = fileURLToPath(new URL('../../dist/server.mjs', import.meta.url));
const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

export async function runClusterIngestBench(print: (line: string) => void, images = 60) {
  const postgres = await startPostgresCluster();
  const rates = new Map<number, number>();
  try {
    for (const servers of [1, 3]) {
      const admin = new pg.Client({ connectionString: postgres.url });
      await admin.connect();
      await admin.query(`create database dam_ingest_${servers}`);
      await admin.end();
      const url = new URL(postgres.url);
      url.pathname = `/dam_ingest_${servers}`;
      const cluster = await startDamCluster({
        databaseUrl: url.toString(),
        servers,
        env: { DAM_RECONCILE_SECONDS: '0' },
        ...(existsSync(built) ? { entry: [built] } : {}),
      });
      const db = new Kysely<Database>({
        dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url.toString(), max: 2 }) }),
      });
      try {
        const folder = join(cluster.home, 'storage', 'Library/Ingest');
        await mkdir(folder, { recursive: true });
        for (let i = 0; i < images; i++)
          await sharp({
            create: {
              width: 1600,
              height: 1200,
              channels: 3,
              background: `#${(i * 40503).toString(16).padStart(6, '0').slice(-6)}`,
            },
          })
            .jpeg()
            .toFile(join(folder, `img-${i}.jpg`));
        const started = performance.now();
        for (let i = 0; i < images; i++)
          await enqueueJob(db, INGEST_UPLOAD_JOB, { path: `Library/Ingest/img-${i}.jpg` });
        for (;;) {
          const open = await sql<{ n: number }>`select count(*)::int as n from jobs
            where kind in (${INGEST_UPLOAD_JOB}, 'asset.renditions') and done_at is null and failed_at is null`.execute(
            db,
          );
          if (open.rows[0]?.n === 0) break;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        const rate = images / ((performance.now() - started) / 1000);
        rates.set(servers, rate);
        const made = await sql<{ n: number }>`select count(*)::int as n from renditions`.execute(db);
        const twice = await sql<{ n: number }>`select count(*)::int as n from jobs
          where kind in (${INGEST_UPLOAD_JOB}, 'asset.renditions') and attempts > 1`.execute(db);
        const byServer = await sql<{
          locked_by: number;
          n: number;
        }>`select locked_by, count(*)::int as n from jobs
          where kind = 'asset.renditions' group by locked_by order by locked_by`.execute(db);
        print(
          `${servers} server(s): ${rate.toFixed(1)} images/s (${images} images, ${made.rows[0]?.n} renditions, jobs run more than once: ${twice.rows[0]?.n}, rendition jobs per server ${byServer.rows.map((row) => row.n).join('/')}; load ${load()})`,
        );
      } finally {
        await db.destroy();
        await cluster.stop();
      }
    }
    const one = rates.get(1) ?? 0;
    const three = rates.get(3) ?? 0;
    print(
      `3 servers against 3 × one server: ${(three / (3 * one)).toFixed(2)}× (target ≥ 0.9; load ${load()})`,
    );
  } finally {
    await postgres.stop();
  }
}
