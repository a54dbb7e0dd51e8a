// Metadata import and the stamper at scale (issue 29), by hand: `npx tsx scripts/bench/dam-metadata.ts`. On
// PostgreSQL 15 (and PGlite with BENCH_PGLITE=1), through the HTTP API as the web calls it: an import of 100,000
// CSV rows, each changing one asset (target ≥ 5,000 rows/s, from the upload to the job's last state), and a stamp
// previewed and applied to 10,000 assets (target ≤ 10 s). The machine's load average is printed with each figure.
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { freePort } from '../../../scripts/bench/lib/free-port.mjs';
import { permissionNames } from '../../api/accounts.ts';
import { hashPassword } from '../auth/passwords.ts';
import { loadConfig } from '../config/config.ts';
import { createServices } from '../create-services.ts';
import { ensureFolderRow } from '../folders/folder-queries.ts';
import { silentLogger } from '../log.ts';
import { startDamServer } from '../start-server.ts';
import { ApiClient } from '../test-support/api-client.ts';
import { startPostgresCluster } from '../test-support/postgres-cluster.ts';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const STAMPED = Number(process.env.BENCH_STAMPED ?? 10_000);
const NS = 'http://ns.example.org/photo/1.0/';
let print: (line: string) => void = () => {};
const load = () =>
  `load ${loadavg()
    .map((each) => each.toFixed(1))
    .join(' ')}`;

async function benchOne(kind: 'pglite' | 'postgres', databaseUrl?: string) {
  const home = await mkdtemp(join(tmpdir(), `dam-bench-meta-${kind}-`));
  const port = await freePort();
  const config = loadConfig({
    DAM_HOME: home,
    PORT: String(port),
    DAM_SCRYPT_LOG_N: '10',
    DAM_RECONCILE_SECONDS: '0',
    DAM_EMBEDDED_NODE: 'false',
    DAM_WORD_LIST: 'none',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const runtime = await createServices(config, silentLogger);
  const { db } = runtime.services;
  const server = await startDamServer({ port, publicDir: home, sdkDir: home, services: runtime.services });
  try {
    const user = await db
      .insertInto('users')
      .values({
        username: 'bench',
        password_hash: await hashPassword('Bench-Password-1', 10),
        status: 'active',
        is_admin: true,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const acl = await db
      .insertInto('acls')
      .values({ name: 'bench', root_path: '', permissions: [...permissionNames] })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('acl_grants').values({ acl_id: acl.id, user_id: user.id, group_id: null }).execute();
    const folderId = await ensureFolderRow(db, 'Bench');
    const { rows } = await sql<{ id: number }>`
      insert into assets (folder_id, path, name, file_name, description, file_type, mime_type, kind, size,
        content_hash, keywords, date_created, rendition_state)
      select ${folderId}, 'Bench/' || i || '.bin', i || '.bin', i || '.bin', '', 'BIN',
        'application/octet-stream', 'other', 1000, 'bench-' || i, '{}', now(), 'done'
      from generate_series(1, ${ROWS}) i
      returning id`.execute(db);
    const ids = rows.map((row) => Number(row.id));
    await sql`analyze`.execute(db);
    const client = new ApiClient(server.url.replace(/\/$/, ''));
    await client.login('bench', 'Bench-Password-1');
    const field = (property: string, kind: string) => ({
      schema: NS,
      property,
      label: property,
      validator: { kind },
    });
    const form = await client.post('/admin/forms', {
      name: 'Bench',
      tabs: [{ name: 'Main', fields: [field('city', 'String'), field('copies', 'Integer')] }],
      assignments: [{ folderId, use: 'bulkEdit' }],
    });
    if (form.status !== 201) throw new Error(JSON.stringify(form.body));

    const csv = Buffer.from(
      [
        `id,${NS}city,${NS}copies`,
        ...ids.map((id, index) => `${id},"City ${index % 997}, ""x""",${index % 50}`),
      ].join('\n'),
    );
    const upload = async (path: string) => {
      const response = await fetch(
        `${server.url.replace(/\/$/, '')}/api/v1${path}?format=csv&match=id&fileName=bench.csv`,
        {
          method: 'POST',
          headers: {
            'content-type': 'application/octet-stream',
            origin: client.baseUrl,
            cookie: client.cookie ?? '',
          },
          body: new Uint8Array(csv),
        },
      );
      return response.json();
    };
    let started = performance.now();
    const preview = await upload('/metadata/imports/preview');
    const previewSeconds = (performance.now() - started) / 1000;
    print(
      `${kind}: preview of ${ROWS} rows (${(csv.length / 1e6).toFixed(1)} MB) in ${previewSeconds.toFixed(1)} s = ${Math.round(ROWS / previewSeconds)} rows/s; changing ${preview.changing} (${load()})`,
    );
    started = performance.now();
    const job = await upload('/metadata/imports');
    let state = job;
    while (state.state === 'starting') {
      await new Promise((resolve) => setTimeout(resolve, 100));
      state = (await client.get(`/metadata/imports/${job.id}`)).body;
    }
    const importSeconds = (performance.now() - started) / 1000;
    print(
      `${kind}: import of ${ROWS} rows in ${importSeconds.toFixed(1)} s = ${Math.round(ROWS / importSeconds)} rows/s (target ≥ 5,000): ${state.state}, ${state.applied} applied, ${state.errorCount} refused (${load()})`,
    );

    const stamp = await client.post('/admin/stamps', {
      name: 'Bench',
      values: [
        { key: `${NS}city`, value: 'Stamped' },
        { key: `${NS}copies`, value: '9' },
      ],
    });
    const chosen = ids.slice(0, STAMPED);
    started = performance.now();
    const stampPreview = await client.post(`/stamps/${stamp.body.id}/preview`, { assetIds: chosen });
    const stampPreviewSeconds = (performance.now() - started) / 1000;
    started = performance.now();
    const applied = await client.post(`/stamps/${stamp.body.id}/apply`, { assetIds: chosen });
    const applySeconds = (performance.now() - started) / 1000;
    print(
      `${kind}: stamp on ${STAMPED} assets: preview ${stampPreviewSeconds.toFixed(1)} s (${stampPreview.body.changed} changes), apply ${applySeconds.toFixed(1)} s (target ≤ 10 s), ${applied.body.changed} fields changed (${load()})`,
    );
  } finally {
    await server.close();
    await runtime.close();
    await rm(home, { recursive: true, force: true });
  }
}

/** PostgreSQL, and PGlite when asked. */
export async function runMetadataBench(output: (line: string) => void): Promise<void> {
  print = output;
  if (process.env.BENCH_PGLITE === '1') await benchOne('pglite');
  const cluster = await startPostgresCluster();
  try {
    await benchOne('postgres', cluster.url);
  } finally {
    await cluster.stop();
  }
}
