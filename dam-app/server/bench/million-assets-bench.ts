// The library at a million assets on PostgreSQL (issue 31), by hand: `npm run bench:dam-library -- --million`.
// Rows are made in bulk with COPY from a CSV file (not through the API); then, through the API as a page asks:
// quick search and faceted refinement p95 (target ≤ 50 ms), a 10,000-asset folder's first page and a keyset page
// 90,000 rows deep (target ≤ 30 ms), for a user with one ACL and for one with 50 ACL roots. One run of each query
// is then logged by auto_explain (ANALYZE, BUFFERS) and printed, with the load average, for docs/perf/.

import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { chmod, mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { freePort } from '../../../scripts/bench/lib/free-port.mjs';
import { percentile } from '../../../scripts/bench/lib/percentiles.mjs';
import { encodeCursor } from '../assets/keyset-cursor.ts';
import { hashPassword } from '../auth/passwords.ts';
import { loadConfig } from '../config/config.ts';
import { createServices } from '../create-services.ts';
import { silentLogger } from '../log.ts';
import { startDamServer } from '../start-server.ts';
import { ApiClient } from '../test-support/api-client.ts';
import { startPostgresCluster } from '../test-support/postgres-cluster.ts';

const ASSETS = Number(process.env.BENCH_ASSETS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 60);
const BIG = 10_000;
const DEEP = Math.min(100_000, Math.floor(ASSETS / 5));
const SMALL = 1_000;
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
const ASPECTS = ['4:3', '16:9', '1:1'];
const PASSWORD = 'Bench-Password-1';

const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

/** Which folder row g (1-based) goes to: the big folder, the deep one, then folders of 1,000. */
function folderOf(g: number): string {
  if (g <= BIG) return 'Library/Big';
  if (g <= BIG + DEEP) return 'Library/Deep';
  return `Library/F${String(1 + Math.floor((g - BIG - DEEP - 1) / SMALL)).padStart(4, '0')}`;
}

/** The CSV the COPY reads: one line per asset, the same shape the 100,000-asset bench inserts. */
async function writeCsv(file: string, folderIds: Map<string, number>) {
  const out = createWriteStream(file);
  const day = 86_400_000;
  const base = Date.UTC(2026, 0, 1);
  for (let g = 1; g <= ASSETS; g++) {
    const folder = folderOf(g);
    const w1 = WORDS[g % 10] as string;
    const w2 = WORDS[Math.floor(g / 10) % 10] as string;
    const k2 = WORDS[Math.floor(g / 3) % 10] as string;
    const created = new Date(base - (g % 900) * day).toISOString();
    const added = new Date(base - (ASSETS - g) * 1000).toISOString();
    const line = [
      folderIds.get(folder),
      `${folder}/a${g}.jpg`,
      `${w1} ${w2} ${g}`,
      `a${g}.jpg`,
      `Asset number ${g}`,
      g % 7 === 0 ? 'PNG' : 'JPEG',
      'image/jpeg',
      g % 11 === 0 ? 'video' : 'image',
      1000 + g,
      g.toString(16).padStart(32, '0'),
      1600,
      1200,
      ASPECTS[g % 3],
      'sRGB',
      created,
      added,
      `"{${w1},${k2}}"`,
      `"'${w1}' '${k2}'"`,
      'done',
    ].join(',');
    if (!out.write(`${line}\n`)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
}

async function timeEach(n: number, body: (index: number) => Promise<{ status: number }>) {
  const times: number[] = [];
  for (let index = -3; index < n; index++) {
    const start = performance.now();
    const answer = await body(Math.max(index, 0));
    if (answer.status !== 200) throw new Error(`the bench's request answered ${answer.status}`);
    if (index >= 0) times.push(performance.now() - start);
  }
  return times;
}

export async function runMillionAssetBench(print: (line: string) => void): Promise<void> {
  // What a site would give a million-asset library: the default 128 MB of shared buffers would not hold its indexes.
  const cluster = await startPostgresCluster([
    'shared_buffers=512MB',
    'work_mem=16MB',
    'effective_cache_size=2GB',
  ]);
  const home = await mkdtemp(join(tmpdir(), 'dam-bench-million-'));
  await chmod(home, 0o755);
  try {
    // auto_explain is loaded into every session but silent until the plans are wanted (a reload turns it on).
    const admin = new (await import('pg')).default.Client({ connectionString: cluster.url });
    admin.on('error', () => {});
    await admin.connect();
    for (const setting of [
      // ALTER SYSTEM knows a library's settings only once the library is loaded in the session.
      `load 'auto_explain'`,
      `alter system set session_preload_libraries = 'auto_explain'`,
      'alter system set auto_explain.log_min_duration = -1',
      'alter system set auto_explain.log_analyze = on',
      'alter system set auto_explain.log_buffers = on',
      'alter system set auto_explain.log_timing = on',
    ])
      await admin.query(setting);
    await admin.query('select pg_reload_conf()');
    const port = await freePort();
    const config = loadConfig({
      DAM_HOME: home,
      PORT: String(port),
      DAM_SCRYPT_LOG_N: '10',
      DAM_RECONCILE_SECONDS: '0',
      DAM_EMBEDDED_NODE: 'false',
      DAM_WORD_LIST: 'none',
      DATABASE_URL: cluster.url,
    });
    const runtime = await createServices(config, silentLogger);
    const { db } = runtime.services;
    const server = await startDamServer({ port, publicDir: home, sdkDir: home, services: runtime.services });
    try {
      const seeded = performance.now();
      const folderPaths = ['Library', ...new Set(Array.from({ length: ASSETS }, (_, i) => folderOf(i + 1)))];
      const folders = await db
        .insertInto('folders')
        .values(folderPaths.map((path) => ({ path })))
        .returning(['id', 'path'])
        .execute();
      const folderIds = new Map(folders.map((row) => [row.path, row.id]));
      const csv = join(home, 'assets.csv');
      await writeCsv(csv, folderIds);
      await chmod(csv, 0o644);
      const written = performance.now();
      await sql`copy assets (folder_id, path, name, file_name, description, file_type, mime_type, kind, size,
          content_hash, width, height, aspect_ratio, color_profile, date_created, date_added, keywords,
          keyword_search, rendition_state)
        from ${sql.lit(csv)} with (format csv)`.execute(db);
      await sql`vacuum analyze assets`.execute(db);
      print(
        `${ASSETS.toLocaleString('en')} assets in ${folderPaths.length} folders: CSV ${((written - seeded) / 1000).toFixed(1)} s, COPY and VACUUM ANALYZE ${((performance.now() - written) / 1000).toFixed(1)} s (load ${load()})`,
      );

      // One user with one ACL on the library; one with 50 ACL roots (49 folders and the library, the current one).
      const oneUser = await db
        .insertInto('users')
        .values({ username: 'one', password_hash: await hashPassword(PASSWORD, 10), status: 'active' })
        .returning('id')
        .executeTakeFirstOrThrow();
      const manyUser = await db
        .insertInto('users')
        .values({ username: 'many', password_hash: await hashPassword(PASSWORD, 10), status: 'active' })
        .returning('id')
        .executeTakeFirstOrThrow();
      const permissions = ['facet browsing', 'new assets', 'file actions'];
      const roots = [
        'Library',
        ...Array.from({ length: 49 }, (_, i) => `Library/F${String(i + 1).padStart(4, '0')}`),
      ];
      const acls = await db
        .insertInto('acls')
        .values(roots.map((root, i) => ({ name: `root ${i}`, root_path: root, permissions })))
        .returning('id')
        .execute();
      await db
        .insertInto('acl_grants')
        .values([
          { acl_id: acls[0]?.id as number, user_id: oneUser.id, group_id: null },
          ...acls.map((acl) => ({ acl_id: acl.id, user_id: manyUser.id, group_id: null })),
        ])
        .execute();
      await db
        .updateTable('users')
        .set({ current_acl_id: acls[0]?.id as number })
        .where('id', '=', manyUser.id)
        .execute();
      await mkdir(join(config.storageRoot, 'Library/Big'), { recursive: true });

      const big = folderIds.get('Library/Big') as number;
      const deep = folderIds.get('Library/Deep') as number;
      const deepRow = await sql<{ name: string; id: number }>`select lower(name) as name, id from assets
        where folder_id = ${deep} order by lower(name), id offset ${Math.floor(DEEP * 0.9)} limit 1`.execute(
        db,
      );
      const after = encodeCursor([deepRow.rows[0]?.name, deepRow.rows[0]?.id]);
      const url = server.url.replace(/\/$/, '');
      const queries = {
        'quick search (first page of 50)': (client: ApiClient, i: number) =>
          client.post('/search', {
            q: WORDS[i % 10]?.slice(0, 4),
            withFacets: false,
            withTotal: false,
            limit: 50,
          }),
        'faceted refinement (page, total, facet counts)': (client: ApiClient, i: number) =>
          client.post('/search', {
            q: WORDS[i % 10],
            refine: { kind: ['image'], aspectRatio: ['16:9'], keyword: [WORDS[(i + 3) % 10]] },
            limit: 50,
          }),
        "a 10,000-asset folder's first page (100)": (client: ApiClient) =>
          client.get(`/folders/${big}/assets?limit=100`),
        [`a keyset page ${Math.floor(DEEP * 0.9).toLocaleString('en')} rows deep (100)`]: (
          client: ApiClient,
        ) => client.get(`/folders/${deep}/assets?limit=100&after=${after}`),
      };
      print('');
      print('| user | query | p50 ms | p95 ms | max ms | load average |');
      print('| --- | --- | --- | --- | --- | --- |');
      for (const username of ['one', 'many']) {
        const client = new ApiClient(url);
        await client.login(username, PASSWORD);
        for (const [name, query] of Object.entries(queries)) {
          const times = await timeEach(RUNS, (i) => query(client, i));
          const [p50, p95, max] = [0.5, 0.95, 1].map((q) => percentile(times, q).toFixed(1));
          print(
            `| ${username === 'one' ? '1 ACL' : '50 ACL roots'} | ${name} | ${p50} | ${p95} | ${max} | ${load()} |`,
          );
        }
      }

      // The plans: one run of each query for each user with auto_explain on; what it logged, statement by statement.
      const before = (await readFile(cluster.logFile, 'utf8')).length;
      await admin.query('alter system set auto_explain.log_min_duration = 0');
      await admin.query('select pg_reload_conf()');
      await new Promise((resolve) => setTimeout(resolve, 500));
      for (const username of ['one', 'many']) {
        const client = new ApiClient(url);
        await client.login(username, PASSWORD);
        for (const [name, query] of Object.entries(queries)) {
          // A marker in the log (the DAM's own sessions carry auto_explain): the plans below it are this query's.
          await sql`select ${sql.lit(`PLAN ${username}: ${name.replace(/'/g, '')}`)} as marker`.execute(db);
          await query(client, 1);
        }
      }
      await admin.query('alter system set auto_explain.log_min_duration = -1');
      await admin.query('select pg_reload_conf()');
      await admin.end();
      print('');
      print('## Plans (auto_explain: ANALYZE, BUFFERS)');
      print((await readFile(cluster.logFile, 'utf8')).slice(before));
    } finally {
      await server.close();
      await runtime.close();
    }
  } catch (error) {
    print(`failed: ${error instanceof Error ? error.stack : String(error)}`);
    print((await readFile(cluster.logFile, 'utf8').catch(() => '')).slice(-3000));
    throw error;
  } finally {
    await rm(home, { recursive: true, force: true });
    await cluster.stop();
  }
}
