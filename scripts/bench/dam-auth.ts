// DAM accounts under load, by hand: `npm run bench:dam-auth [clients] [requests per client]`. For PGlite and for a
// throw-away PostgreSQL 15 cluster in the same run: logins and an authenticated call (GET /session) from N
// concurrent clients, p50/p99 and requests/s, each against a baseline from the same run — scrypt alone for logins,
// the unauthenticated health call for the session lookup. Needs Debian's postgresql-15 (`npm test` installs it).
import { randomBytes, scrypt } from 'node:crypto';
import pg from 'pg';
import { hashPassword } from '../../dam-app/server/auth/passwords.ts';
import { startPostgresCluster } from '../../dam-app/server/test-support/postgres-cluster.ts';
import { ensureSystemPackages } from '../lib/ensure-system-packages.mjs';
import { createBenchDam } from './lib/bench-dam.ts';
import { percentile } from './lib/percentiles.mjs';

const CLIENTS = Number(process.argv[2] ?? 50);
const PER_CLIENT = Number(process.argv[3] ?? 40);
const LOGINS_PER_CLIENT = Math.max(2, Math.round(PER_CLIENT / 10));
const PASSWORD = 'Bench-Password-42';

interface Figures {
  p50: number;
  p99: number;
  perSecond: number;
  count: number;
}

async function measure(
  clients: number,
  perClient: number,
  call: (client: number) => Promise<void>,
): Promise<Figures> {
  const latencies: number[] = [];
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      for (let i = 0; i < perClient; i++) {
        const t0 = performance.now();
        await call(client);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return {
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    perSecond: latencies.length / seconds,
    count: latencies.length,
  };
}

async function benchDatabase(databaseUrl?: string) {
  const dam = await createBenchDam('dam', {
    // The real scrypt cost: sign-ins are what this bench measures.
    DAM_SCRYPT_LOG_N: undefined,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const { db, config } = dam;
  const hash = await hashPassword(PASSWORD, config.scryptLogN);
  await db
    .insertInto('users')
    .values(
      Array.from({ length: CLIENTS }, (_, i) => ({
        username: `bench${i}`,
        password_hash: hash,
        status: 'active' as const,
        email: `bench${i}@dam.example`,
      })),
    )
    .execute();
  await dam.listen();
  const base = dam.origin;
  const origin = base;
  const cookies: string[] = [];
  const login = async (client: number) => {
    const response = await fetch(`${base}/api/v1/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify({ username: `bench${client}`, password: PASSWORD }),
    });
    if (response.status !== 200) throw new Error(`login ${response.status}`);
    cookies[client] = (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    await response.arrayBuffer();
  };
  const call = (path: string, withCookie: boolean) => async (client: number) => {
    const response = await fetch(`${base}/api/v1${path}`, {
      headers: withCookie ? { cookie: cookies[client] ?? '' } : {},
    });
    if (response.status !== 200) throw new Error(`${path} ${response.status}`);
    await response.arrayBuffer();
  };
  const logins = await measure(CLIENTS, LOGINS_PER_CLIENT, login);
  const health = await measure(CLIENTS, PER_CLIENT, call('/health', false));
  const session = await measure(CLIENTS, PER_CLIENT, call('/session', true));
  await dam.close();
  return { logins, health, session, logN: config.scryptLogN };
}

/** The floor under a login: the same scrypt derivation alone, at the same concurrency, on the same thread pool. */
async function scryptAlone(logN: number): Promise<Figures> {
  const salt = randomBytes(16);
  const n = 2 ** logN;
  return measure(
    CLIENTS,
    LOGINS_PER_CLIENT,
    () =>
      new Promise<void>((resolve, reject) =>
        scrypt(PASSWORD, salt, 32, { N: n, r: 8, p: 3, maxmem: 256 * n * 8 + 1024 * 1024 }, (error) =>
          error ? reject(error) : resolve(),
        ),
      ),
  );
}

await ensureSystemPackages(['postgresql-15']);
const cluster = await startPostgresCluster();
try {
  const admin = new pg.Client({ connectionString: cluster.url });
  await admin.connect();
  await admin.query('create database bench');
  await admin.end();
  const pgUrl = cluster.url.replace(/\/postgres$/, '/bench');
  const results = { pglite: await benchDatabase(), postgres: await benchDatabase(pgUrl) };
  const floor = await scryptAlone(results.pglite.logN);
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  const row = (label: string, f: Figures, baseline?: Figures) =>
    `| ${label} | ${ms(f.p50)} | ${ms(f.p99)} | ${f.perSecond.toFixed(0)} |${baseline ? ` ${(f.perSecond / baseline.perSecond).toFixed(2)}× |` : ' |'}`;
  console.log(
    `\nDAM accounts, ${CLIENTS} concurrent clients (scrypt N=2^${results.pglite.logN}, r=8, p=3), ${process.env.UV_THREADPOOL_SIZE ?? 4} libuv threads\n`,
  );
  console.log('| call | p50 | p99 | req/s | vs baseline (req/s) |');
  console.log('| --- | --- | --- | --- | --- |');
  console.log(row('scrypt alone (login baseline)', floor));
  for (const kind of ['pglite', 'postgres'] as const) {
    const r = results[kind];
    console.log(row(`${kind}: POST /session (login)`, r.logins, floor));
    console.log(row(`${kind}: GET /health (baseline)`, r.health));
    console.log(row(`${kind}: GET /session (authenticated)`, r.session, r.health));
  }
} finally {
  await cluster.stop();
}
