// Workflow trigger-to-start latency (issue 29, target p95 ≤ 1 s), on PGlite and PostgreSQL in the same run: an asset
// is ingested (the event commits with its run and job), and a Regular workflow's first step — a signed call to a
// local HTTP receiver — arrives there. The time from just before the ingest to the call's arrival is an upper bound
// of trigger-to-start (it includes the step itself). Sequential events, then bursts of 20 at once. Run by hand:
// `npx tsx scripts/bench/workflow-latency.ts`.
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { latencySummary } from '../../../scripts/bench/lib/percentiles.mjs';
import { ingestFile } from '../assets/ingest.ts';
import { loadConfig } from '../config/config.ts';
import { createServices } from '../create-services.ts';
import { silentLogger } from '../log.ts';
import { startPostgresCluster } from '../test-support/postgres-cluster.ts';
import { createWorkflow } from '../workflows/workflow-service.ts';

const SEQUENTIAL = Number(process.env.BENCH_RUNS ?? 100);
const BURSTS = 5;
const BURST = 20;

async function receiver() {
  const arrivals = new Map<string, number>();
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      const path = (JSON.parse(body) as { asset: { path: string } }).asset.path;
      arrivals.set(path, performance.now());
      response.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  return { url, arrivals, close: () => new Promise((resolve) => server.close(resolve)) };
}

async function benchOne(kind: 'pglite' | 'postgres', print: (line: string) => void, databaseUrl?: string) {
  const home = await mkdtemp(join(tmpdir(), `dam-bench-workflow-${kind}-`));
  const config = loadConfig({
    DAM_HOME: home,
    DAM_SCRYPT_LOG_N: '10',
    DAM_RECONCILE_SECONDS: '0',
    DAM_EMBEDDED_NODE: 'false',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const runtime = await createServices(config, silentLogger);
  const { services } = runtime;
  const hook = await receiver();
  try {
    const head = await services.db
      .insertInto('users')
      .values({ username: 'bench', status: 'active', is_admin: true })
      .returning(['id'])
      .executeTakeFirstOrThrow();
    const principal = { user: { id: head.id } } as Parameters<typeof createWorkflow>[1];
    await createWorkflow(
      services,
      principal,
      {
        name: 'Latency',
        description: '',
        type: 'regular',
        trigger: 'ingested',
        folderId: null,
        workflowFolderId: null,
        script: '',
        steps: [{ action: 'callUrl', url: hook.url, secret: 'bench-secret-of-sixteen' }],
        parameters: [],
        properties: {},
        schedule: null,
        aclIds: [],
        state: 'enabled',
        timeoutMs: 1000,
        memoryMb: 16,
      },
      '127.0.0.1',
    );
    await mkdir(join(config.storageRoot, 'Bench'), { recursive: true });
    const started = new Map<string, number>();
    const ingest = async (name: string) => {
      const path = `Bench/${name}.bin`;
      await writeFile(join(config.storageRoot, path), randomBytes(1000));
      started.set(path, performance.now());
      await ingestFile(services, path, { actorId: null, event: 'Upload' });
      return path;
    };
    const waitFor = async (paths: string[]) => {
      const until = Date.now() + 60_000;
      while (paths.some((path) => !hook.arrivals.has(path)) && Date.now() < until)
        await new Promise((resolve) => setTimeout(resolve, 5));
      return paths.map((path) => (hook.arrivals.get(path) ?? Number.NaN) - (started.get(path) as number));
    };
    const sequential: number[] = [];
    for (let index = 0; index < SEQUENTIAL; index++)
      sequential.push(...(await waitFor([await ingest(`s${index}`)])));
    print(
      `${kind}: ${SEQUENTIAL} ingests one at a time: ${latencySummary(sequential, [0.5, 0.95, 0.99])}, load ${loadavg()
        .map((each) => each.toFixed(2))
        .join(' ')}`,
    );
    const burst: number[] = [];
    for (let round = 0; round < BURSTS; round++) {
      const paths = await Promise.all(
        Array.from({ length: BURST }, (_, index) => ingest(`b${round}-${index}`)),
      );
      burst.push(...(await waitFor(paths)));
    }
    print(
      `${kind}: ${BURSTS} bursts of ${BURST} ingests at once: ${latencySummary(burst, [0.5, 0.95, 0.99])}, load ${loadavg()
        .map((each) => each.toFixed(2))
        .join(' ')}`,
    );
  } finally {
    await hook.close();
    await runtime.close();
    await rm(home, { recursive: true, force: true });
  }
}

export async function runWorkflowLatencyBench(print: (line: string) => void): Promise<void> {
  await benchOne('pglite', print);
  const cluster = await startPostgresCluster();
  try {
    await benchOne('postgres', print, cluster.url);
  } finally {
    await cluster.stop();
  }
}
