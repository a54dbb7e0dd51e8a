// The dictionary type-ahead over the shipped ~45k words (issue 29, target p95 ≤ 50 ms), on PGlite and PostgreSQL in
// the same run, through the HTTP API as the web's type-ahead calls it: prefixes of 1 to 4 letters taken from the
// words themselves, 20 suggestions each. Run by hand: `npx tsx scripts/bench/dictionary-typeahead.ts`.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { freePort } from '../../../scripts/bench/lib/free-port.mjs';
import { latencySummary } from '../../../scripts/bench/lib/percentiles.mjs';
import { hashPassword } from '../auth/passwords.ts';
import { loadConfig } from '../config/config.ts';
import { createServices } from '../create-services.ts';
import { wordsWithPrefix } from '../dictionaries/dictionary-queries.ts';
import { silentLogger } from '../log.ts';
import { startDamServer } from '../start-server.ts';
import { ApiClient } from '../test-support/api-client.ts';
import { startPostgresCluster } from '../test-support/postgres-cluster.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 400);
let print: (line: string) => void = () => {};

async function benchOne(kind: 'pglite' | 'postgres', databaseUrl?: string) {
  const home = await mkdtemp(join(tmpdir(), `dam-bench-dict-${kind}-`));
  const port = await freePort();
  const config = loadConfig({
    DAM_HOME: home,
    PORT: String(port),
    DAM_SCRYPT_LOG_N: '10',
    DAM_RECONCILE_SECONDS: '0',
    DAM_EMBEDDED_NODE: 'false',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const loading = performance.now();
  const runtime = await createServices(config, silentLogger);
  const started = performance.now() - loading;
  const { db } = runtime.services;
  const server = await startDamServer({ port, publicDir: home, sdkDir: home, services: runtime.services });
  try {
    const shipped = await db
      .selectFrom('dictionaries')
      .select([
        'id',
        sql<string>`(select count(*) from dictionary_words w where w.dictionary_id = dictionaries.id)`.as(
          'n',
        ),
      ])
      .where('shipped', '=', true)
      .executeTakeFirstOrThrow();
    print(
      `${kind}: first start with the shipped dictionary (${shipped.n} words) in ${(started / 1000).toFixed(1)} s`,
    );
    await sql`analyze`.execute(db);
    await db
      .insertInto('users')
      .values({
        username: 'bench',
        password_hash: await hashPassword('Bench-Password-1', 10),
        status: 'active',
      })
      .execute();
    const client = new ApiClient(server.url.replace(/\/$/, ''));
    await client.login('bench', 'Bench-Password-1');
    const sample = (
      await sql<{ word: string }>`select word from dictionary_words where dictionary_id = ${shipped.id}
        order by md5(word) limit ${RUNS}`.execute(db)
    ).rows.map((row) => row.word);
    const times: number[] = [];
    for (const [index, word] of sample.entries()) {
      const prefix = word.slice(0, 1 + (index % 4));
      const start = performance.now();
      const answer = await client.get(
        `/dictionaries/${shipped.id}/words?prefix=${encodeURIComponent(prefix)}&limit=20`,
      );
      times.push(performance.now() - start);
      if (answer.status !== 200 || !answer.body.words.length) throw new Error(`no words for ${prefix}`);
    }
    print(
      `${kind}: type-ahead over HTTP, ${times.length} prefixes of 1–4 letters: ${latencySummary(times)} (target ≤ 50 ms)`,
    );
    const direct: number[] = [];
    for (const [index, word] of sample.entries()) {
      const start = performance.now();
      await wordsWithPrefix(db, shipped.id, word.slice(0, 1 + (index % 4)), 20);
      direct.push(performance.now() - start);
    }
    print(`${kind}: the query alone (in process): ${latencySummary(direct)}`);
    const plan = await sql<{ 'QUERY PLAN': string }>`explain select word from dictionary_words
      where dictionary_id = ${shipped.id} and lower(word) collate "C" like 'ha%' order by lower(word) collate "C" limit 20`.execute(
      db,
    );
    print(`${kind}: plan: ${plan.rows.map((row) => row['QUERY PLAN'].trim()).join(' / ')}`);
  } finally {
    await server.close();
    await runtime.close();
    await rm(home, { recursive: true, force: true });
  }
}

/** Both databases in one run. */
export async function runDictionaryBench(output: (line: string) => void): Promise<void> {
  print = output;
  await benchOne('pglite');
  const cluster = await startPostgresCluster();
  try {
    await benchOne('postgres', cluster.url);
  } finally {
    await cluster.stop();
  }
}
