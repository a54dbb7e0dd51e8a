// The DAM library at scale, on PGlite and PostgreSQL in the same run (issue 12): with 100,000 assets, quick search
// and a faceted refinement p50/p95 (target p95 ≤ 50 ms on PostgreSQL), the first page of a 10,000-asset folder
// (target ≤ 30 ms), and ingest throughput with renditions against plain sharp loops over the same files (target
// ≥ 0.7×): one making the thumbnail alone, one making the DAM's thumbnail and preview.
// Run by hand: `npx tsx scripts/bench/dam-library.ts` (BENCH_ASSETS, BENCH_IMAGES to scale it down;
// DAM_JOB_CONCURRENCY for the jobs run at once, cores by default). It lives in the dam-app workspace so it resolves
// the server's own dependencies.
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import sharp from 'sharp';
import { freePort } from '../../../scripts/bench/lib/free-port.mjs';
import { latencySummary } from '../../../scripts/bench/lib/percentiles.mjs';
import { hashPassword } from '../auth/passwords.ts';
import { loadConfig } from '../config/config.ts';
import { createServices } from '../create-services.ts';
import { enqueueJob } from '../jobs/job-queue.ts';
import { silentLogger } from '../log.ts';
import { RENDITION_SIZES } from '../media/make-renditions.ts';
import { startDamServer } from '../start-server.ts';
import { ApiClient } from '../test-support/api-client.ts';
import { startPostgresCluster } from '../test-support/postgres-cluster.ts';
import { INGEST_UPLOAD_JOB } from '../transfers/ingest-job.ts';

const ASSETS = Number(process.env.BENCH_ASSETS ?? 100_000);
const IMAGES = Number(process.env.BENCH_IMAGES ?? 100);
const RUNS = 40;
/** Where the figures go: the script passes console.log (scripts may print; the server may not). */
let print: (line: string) => void = () => {};
const WORDS = [
  'sunset',
  'beach',
  'city',
  'forest',
  'portrait',
  'product',
  'logo',
  'night',
  'winter',
  'campaign',
];

const summary = (times: number[]) => latencySummary(times);
async function timeEach(n: number, body: (index: number) => Promise<unknown>): Promise<number[]> {
  const times: number[] = [];
  for (let index = 0; index < n; index++) {
    const start = performance.now();
    await body(index);
    times.push(performance.now() - start);
  }
  return times;
}

async function benchOne(kind: 'pglite' | 'postgres', databaseUrl?: string) {
  const home = await mkdtemp(join(tmpdir(), `dam-bench-${kind}-`));
  const port = await freePort();
  const config = loadConfig({
    DAM_HOME: home,
    PORT: String(port),
    DAM_SCRYPT_LOG_N: '10',
    DAM_RECONCILE_SECONDS: '0',
    // No transfer node: its fixed default ports would clash with a DAM running beside the bench.
    DAM_EMBEDDED_NODE: 'false',
    ...(process.env.DAM_JOB_CONCURRENCY ? { DAM_JOB_CONCURRENCY: process.env.DAM_JOB_CONCURRENCY } : {}),
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const runtime = await createServices(config, silentLogger);
  const { db } = runtime.services;
  const server = await startDamServer({ port, publicDir: home, sdkDir: home, services: runtime.services });
  try {
    const seeded = performance.now();
    await sql`insert into folders (path) select 'Library' union all select 'Library/Big'
      union all select 'Library/F' || g from generate_series(1, 90) g`.execute(db);
    await sql`insert into assets (folder_id, path, name, file_name, description, file_type, mime_type, kind, size,
        content_hash, width, height, aspect_ratio, color_profile, date_created, keywords, keyword_search,
        rendition_state)
      select f.id, f.path || '/a' || g || '.jpg',
        (array[${sql.join(WORDS)}])[1 + g % 10] || ' ' || (array[${sql.join(WORDS)}])[1 + (g / 10) % 10] || ' ' || g,
        'a' || g || '.jpg', 'Asset number ' || g, case when g % 7 = 0 then 'PNG' else 'JPEG' end,
        'image/jpeg', case when g % 11 = 0 then 'video' else 'image' end, 1000 + g, md5(g::text), 1600, 1200,
        (array['4:3', '16:9', '1:1'])[1 + g % 3], 'sRGB', now() - make_interval(days => g % 900),
        array[(array[${sql.join(WORDS)}])[1 + g % 10], (array[${sql.join(WORDS)}])[1 + (g / 3) % 10]],
        to_tsvector('simple', (array[${sql.join(WORDS)}])[1 + g % 10] || ' ' || (array[${sql.join(WORDS)}])[1 + (g / 3) % 10]),
        'done'
      from generate_series(1, ${ASSETS}) g
      join folders f on f.path = case when g <= 10000 then 'Library/Big' else 'Library/F' || (1 + g % 90) end`.execute(
      db,
    );
    await sql`analyze`.execute(db);
    print(`${kind}: ${ASSETS} assets seeded in ${((performance.now() - seeded) / 1000).toFixed(1)} s`);

    const user = await db
      .insertInto('users')
      .values({
        username: 'bench',
        password_hash: await hashPassword('Bench-Password-1', 10),
        status: 'active',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const acl = await db
      .insertInto('acls')
      .values({
        name: 'bench',
        root_path: 'Library',
        permissions: ['facet browsing', 'new assets', 'file actions'],
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('acl_grants').values({ acl_id: acl.id, user_id: user.id, group_id: null }).execute();
    await mkdir(join(config.storageRoot, 'Library/Big'), { recursive: true });
    const client = new ApiClient(server.url.replace(/\/$/, ''));
    await client.login('bench', 'Bench-Password-1');

    const quick = await timeEach(RUNS, (i) =>
      client.post('/search', {
        q: WORDS[i % 10]?.slice(0, 4),
        withFacets: false,
        withTotal: false,
        limit: 50,
      }),
    );
    print(`${kind}: quick search (first page of 50): ${summary(quick)}`);
    const faceted = await timeEach(RUNS, (i) =>
      client.post('/search', {
        q: WORDS[i % 10],
        refine: { kind: ['image'], aspectRatio: ['16:9'], keyword: [WORDS[(i + 3) % 10]] },
        limit: 50,
      }),
    );
    print(`${kind}: faceted refinement (page, total and 6 facet counts): ${summary(faceted)}`);
    const big = await db
      .selectFrom('folders')
      .select('id')
      .where('path', '=', 'Library/Big')
      .executeTakeFirstOrThrow();
    const listing = await timeEach(RUNS, () => client.get(`/folders/${big.id}/assets?limit=100`));
    print(`${kind}: first page of a 10,000-asset folder: ${summary(listing)}`);

    // Ingest: the same images through a plain sharp loop (the thumbnail alone, and the DAM's two renditions from one
    // decode) and through the DAM the way an upload reaches it: one ingest job per file (hash, exiftool, rows),
    // then the renditions job, run by the server's job worker.
    const folder = join(config.storageRoot, 'Library/Ingest');
    await mkdir(folder, { recursive: true });
    for (let i = 0; i < IMAGES; i++)
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
    const loopStart = performance.now();
    for (let i = 0; i < IMAGES; i++)
      await sharp(join(folder, `img-${i}.jpg`))
        .resize(256, 256, { fit: 'inside' })
        .jpeg()
        .toFile(join(home, `t-${i}.jpg`));
    const loopRate = IMAGES / ((performance.now() - loopStart) / 1000);
    const bothStart = performance.now();
    for (let i = 0; i < IMAGES; i++) {
      const { data, info } = await sharp(join(folder, `img-${i}.jpg`))
        .resize(RENDITION_SIZES.preview, RENDITION_SIZES.preview, { fit: 'inside' })
        .raw()
        .toBuffer({ resolveWithObject: true });
      const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
      await sharp(data, raw)
        .jpeg()
        .toFile(join(home, `p-${i}.jpg`));
      await sharp(data, raw)
        .resize(RENDITION_SIZES.thumbnail, RENDITION_SIZES.thumbnail, { fit: 'inside' })
        .jpeg()
        .toFile(join(home, `t-${i}.jpg`));
    }
    const bothRate = IMAGES / ((performance.now() - bothStart) / 1000);
    const ingestStart = performance.now();
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < IMAGES; i++)
        await enqueueJob(trx, INGEST_UPLOAD_JOB, { path: `Library/Ingest/img-${i}.jpg` });
    });
    runtime.services.jobs.kick();
    for (;;) {
      const open = await db
        .selectFrom('jobs')
        .select(db.fn.countAll<string>().as('n'))
        .where('kind', 'in', [INGEST_UPLOAD_JOB, 'asset.renditions'])
        .where('done_at', 'is', null)
        .where('failed_at', 'is', null)
        .executeTakeFirstOrThrow();
      if (Number(open.n) === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const damRate = IMAGES / ((performance.now() - ingestStart) / 1000);
    const made = await db
      .selectFrom('renditions')
      .innerJoin('assets', 'assets.id', 'renditions.asset_id')
      .select(db.fn.countAll<string>().as('n'))
      .where('assets.path', 'like', 'Library/Ingest/%')
      .executeTakeFirstOrThrow();
    if (Number(made.n) !== IMAGES * 2) throw new Error(`expected ${IMAGES * 2} renditions, found ${made.n}`);
    print(
      `${kind}: ingest with renditions (${config.jobConcurrency} jobs at once) ${damRate.toFixed(1)} images/s; plain sharp loop, thumbnail ${loopRate.toFixed(1)} images/s (${(damRate / loopRate).toFixed(2)}×), thumbnail and preview ${bothRate.toFixed(1)} images/s (${(damRate / bothRate).toFixed(2)}×)`,
    );
  } finally {
    await server.close();
    await runtime.close();
    await rm(home, { recursive: true, force: true });
  }
}

/** Both databases in one run, so the figures compare like with like. */
export async function runDamLibraryBench(output: (line: string) => void): Promise<void> {
  print = output;
  await benchOne('pglite');
  const cluster = await startPostgresCluster();
  try {
    await benchOne('postgres', cluster.url);
  } finally {
    await cluster.stop();
  }
}
