// The DAM under load, by hand: `npm run bench:dam-load [pglite|postgres] [seconds] [clients]`. Not a CI test: it
// prints figures, it passes or fails nothing. A real DAM server in its own process (the demo's content, 50 more
// content authors), then two runs of `seconds` (30) each with `clients` (50) concurrent clients, each its own account
// logged in once and again every tenth call, calling quick search and a folder listing:
//   1. alone: errors (every answer but 200; a 429 is counted apart, and none is expected), p50/p95 per call;
//   2. the same while 6 more clients keep sending 450 MB bodies to the public login route (as octet-stream, as
//      chunked JSON, as JSON with a declared length) — how many bytes the server took before refusing each.
// The server's RSS (/proc/<pid>/status) is sampled every 50 ms: before, peak and 10 s after each run.
import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startPostgresCluster } from '../../dam-app/server/test-support/postgres-cluster.ts';
import { ensureSystemPackages } from '../lib/ensure-system-packages.mjs';
import { REPO_ROOT } from '../lib/repo.mjs';
import { freePort } from './lib/free-port.mjs';
import { percentile } from './lib/percentiles.mjs';

const KIND = process.argv[2] === 'postgres' ? 'postgres' : 'pglite';
const SECONDS = Number(process.argv[3] ?? 30);
const CLIENTS = Number(process.argv[4] ?? 50);
const ATTACKERS = 6;
const ATTACK_BYTES = 450 * 1024 * 1024;
const PASSWORD = 'Load-Password-42';
const ADMIN_PASSWORD = 'Load-Admin-Password-42';
const MB = 1024 * 1024;

const print = (line: string) => process.stdout.write(`${line}\n`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function rssOf(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
}

/** Samples a process's RSS until stopped; the peak and the samples' count. */
function sampleRss(pid: number) {
  let peak = 0;
  let running = true;
  const done = (async () => {
    while (running) {
      peak = Math.max(peak, await rssOf(pid));
      await sleep(50);
    }
  })();
  return {
    async stop() {
      running = false;
      await done;
      return peak;
    },
  };
}

async function startServer(databaseUrl: string | undefined) {
  const home = await mkdtemp(join(tmpdir(), 'rapid-bench-load-'));
  const port = await freePort();
  const log = createWriteStream(join(home, 'server.log'));
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', join(REPO_ROOT, 'dam-app/server/demo/demo-main.ts')],
    {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        DAM_HOME: home,
        PORT: String(port),
        DAM_ADMIN_PASSWORD: ADMIN_PASSWORD,
        DAM_EMBEDDED_NODE: 'false',
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  child.stderr?.pipe(log);
  const url = `http://127.0.0.1:${port}`;
  for (let tries = 0; ; tries++) {
    if (child.exitCode !== null) throw new Error(`the DAM server exited (${child.exitCode}); see ${home}`);
    const health = await fetch(`${url}/api/v1/health`).catch(() => undefined);
    if (health?.status === 200) break;
    if (tries > 1200) throw new Error('the DAM server did not start in 120 s');
    await sleep(100);
  }
  return {
    url,
    home,
    pid: child.pid as number,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      log.end();
      await rm(home, { recursive: true, force: true });
    },
  };
}

/** A cookie-keeping JSON client, as the web app is. */
function client(url: string) {
  const origin = new URL(url).origin;
  let cookie = '';
  let csrf = '';
  return {
    async call(method: string, path: string, body?: unknown) {
      const response = await fetch(`${url}/api/v1${path}`, {
        method,
        headers: {
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(cookie ? { cookie } : {}),
          ...(csrf ? { 'x-csrf-token': csrf } : {}),
          origin,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const setCookie = response.headers.get('set-cookie');
      if (setCookie) cookie = setCookie.split(';')[0] ?? '';
      const text = await response.text();
      const parsed = text && response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text;
      if (parsed?.csrfToken) csrf = parsed.csrfToken;
      return { status: response.status, body: parsed };
    },
  };
}

/** Admin sets up: 50 end users, and a folder with assets and a word to search for, from the demo's content. */
async function prepare(url: string) {
  const admin = client(url);
  const login = await admin.call('POST', '/session', { username: 'admin', password: ADMIN_PASSWORD });
  if (login.status !== 200) throw new Error(`admin login: ${login.status} ${JSON.stringify(login.body)}`);
  const groups = await admin.call('GET', '/admin/groups');
  const authors = groups.body.find((group: { name: string }) => group.name === 'Content authors');
  for (let i = 0; i < CLIENTS; i++) {
    const created = await admin.call('POST', '/admin/users', {
      username: `load${i}`,
      password: PASSWORD,
      profile: { email: `load${i}@dam.example` },
      groupIds: [authors.id],
    });
    if (created.status !== 201) throw new Error(`user load${i}: ${JSON.stringify(created.body)}`);
  }
  // The demo's files are indexed by jobs after start-up: wait until a search finds them.
  const probe = client(url);
  await probe.call('POST', '/session', { username: 'load0', password: PASSWORD });
  for (let tries = 0; tries < 240; tries++) {
    const found = await probe.call('POST', '/search', {});
    const asset = found.body?.items?.[0];
    if (asset?.folderId) {
      const word = String(asset.name ?? asset.fileName).split(/[^\p{L}\p{N}]+/u)[0] || 'a';
      return { folderId: asset.folderId as number, word: word.slice(0, 4), total: found.body.total };
    }
    await sleep(500);
  }
  throw new Error(`no assets indexed: ${JSON.stringify((await probe.call('POST', '/search', {})).body)}`);
}

interface CallFigures {
  latencies: number[];
  errors: number;
  throttled: number;
  other: Map<string, number>;
}

const figures = (): CallFigures => ({ latencies: [], errors: 0, throttled: 0, other: new Map() });

/** Sends one 450 MB body as fast as the server takes it; the bytes it took before answering, and its status. */
function attack(url: string, shape: 'octet' | 'chunked-json' | 'declared-json') {
  const { port, hostname, origin } = new URL(url);
  const piece = Buffer.alloc(MB, 0x20);
  return new Promise<{ status: number; sent: number }>((resolve) => {
    const socket = connect(Number(port), hostname);
    let sent = 0;
    let answer = '';
    let stopped = false;
    const chunked = shape === 'chunked-json';
    const pump = () => {
      while (!stopped && sent < ATTACK_BYTES) {
        const data = chunked
          ? Buffer.concat([Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from('\r\n')])
          : piece;
        sent += piece.length;
        if (!socket.write(data)) return socket.once('drain', pump);
      }
      if (!stopped && chunked) socket.write('0\r\n\r\n');
    };
    socket.on('connect', () => {
      socket.write(
        [
          'POST /api/v1/session HTTP/1.1',
          `Host: ${hostname}:${port}`,
          `Origin: ${origin}`,
          `Content-Type: ${shape === 'octet' ? 'application/octet-stream' : 'application/json'}`,
          chunked ? 'Transfer-Encoding: chunked' : `Content-Length: ${ATTACK_BYTES}`,
          '',
          '',
        ].join('\r\n'),
      );
      pump();
    });
    socket.on('data', (data) => {
      answer += data.toString('latin1');
    });
    const finish = () => {
      if (stopped) return;
      stopped = true;
      socket.destroy();
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0), sent });
    };
    socket.on('close', finish);
    socket.on('error', finish);
    socket.setTimeout(60_000, finish);
  });
}

async function run(
  server: Awaited<ReturnType<typeof startServer>>,
  target: { folderId: number; word: string },
  withAttack: boolean,
) {
  const calls = { login: figures(), quickSearch: figures(), folderListing: figures() };
  const clients = Array.from({ length: CLIENTS }, () => client(server.url));
  // Every client logs in once before the clock starts (its own account, so no throttle is ever reached).
  const logins = await Promise.all(
    clients.map((each, i) => each.call('POST', '/session', { username: `load${i}`, password: PASSWORD })),
  );
  const refused = logins.filter((each) => each.status !== 200);
  if (refused.length > 0) throw new Error(`first logins refused: ${JSON.stringify(refused.slice(0, 3))}`);
  await sleep(3000);
  const before = await rssOf(server.pid);
  const sampler = sampleRss(server.pid);
  const deadline = Date.now() + SECONDS * 1000;
  const timed = async (into: CallFigures, call: () => Promise<{ status: number }>) => {
    const started = performance.now();
    const outcome = await call().catch((error: Error) => ({ status: 0, error }));
    into.latencies.push(performance.now() - started);
    if (outcome.status === 429) into.throttled++;
    else if (outcome.status !== 200) {
      into.errors++;
      const failed = outcome as { status: number; body?: { error?: { code?: string } }; error?: Error };
      const key = failed.status
        ? `${failed.status} ${failed.body?.error?.code ?? ''}`.trim()
        : String(failed.error?.message);
      into.other.set(key, (into.other.get(key) ?? 0) + 1);
    }
  };
  const legit = clients.map(async (each, i) => {
    for (let n = 0; Date.now() < deadline; n++) {
      if (n % 10 === 9)
        await timed(calls.login, () =>
          each.call('POST', '/session', { username: `load${i}`, password: PASSWORD }),
        );
      else if (n % 2 === 0)
        await timed(calls.quickSearch, () => each.call('POST', '/search', { q: target.word, limit: 50 }));
      else
        await timed(calls.folderListing, () =>
          each.call('POST', '/search', { folderId: target.folderId, folderOnly: true, limit: 50 }),
        );
    }
  });
  const attacks: { status: number; sent: number }[] = [];
  const shapes = ['octet', 'chunked-json', 'declared-json'] as const;
  const attackers = withAttack
    ? Array.from({ length: ATTACKERS }, async (_, a) => {
        for (let n = 0; Date.now() < deadline; n++)
          attacks.push(await attack(server.url, shapes[(a + n) % shapes.length] ?? 'octet'));
      })
    : [];
  await Promise.all([...legit, ...attackers]);
  const peak = await sampler.stop();
  await sleep(10_000);
  const after = await rssOf(server.pid);
  return { calls, before, peak, after, attacks };
}

function report(label: string, result: Awaited<ReturnType<typeof run>>) {
  const mb = (bytes: number) => `${(bytes / MB).toFixed(0)} MB`;
  print(`\n### ${label}\n`);
  print('| call | count | errors | 429 | p50 | p95 |');
  print('| --- | --- | --- | --- | --- | --- |');
  for (const [name, f] of Object.entries(result.calls))
    print(
      `| ${name} | ${f.latencies.length} | ${f.errors}${f.other.size ? ` (${[...f.other].map(([k, v]) => `${k}×${v}`).join(', ')})` : ''} | ${f.throttled} | ${percentile(f.latencies, 0.5).toFixed(1)} ms | ${percentile(f.latencies, 0.95).toFixed(1)} ms |`,
    );
  print(`\nMachine: ${availableParallelism()} cores, load average ${loadavg()[0]?.toFixed(1)} after the run`);
  print(`Server RSS: before ${mb(result.before)}, peak ${mb(result.peak)}, 10 s after ${mb(result.after)}`);
  if (result.attacks.length > 0) {
    const statuses = new Map<number, number>();
    for (const each of result.attacks) statuses.set(each.status, (statuses.get(each.status) ?? 0) + 1);
    const sent = result.attacks.map((each) => each.sent);
    print(
      `Attack bodies: ${result.attacks.length} of ${ATTACK_BYTES / MB} MB sent by ${ATTACKERS} clients; answers ${[...statuses].map(([s, n]) => `${s}×${n}`).join(', ')}; bytes written before the server answered and closed: median ${mb(percentile(sent, 0.5))}, max ${mb(Math.max(...sent))}`,
    );
  }
}

let cluster: Awaited<ReturnType<typeof startPostgresCluster>> | undefined;
let databaseUrl: string | undefined;
if (KIND === 'postgres') {
  await ensureSystemPackages(['postgresql-15']);
  cluster = await startPostgresCluster();
  const admin = new pg.Client({ connectionString: cluster.url });
  await admin.connect();
  await admin.query('create database load');
  await admin.end();
  databaseUrl = cluster.url.replace(/\/postgres$/, '/load');
}
const server = await startServer(databaseUrl);
try {
  const target = await prepare(server.url);
  print(
    `DAM load on ${KIND}: ${CLIENTS} clients for ${SECONDS} s each run (quick search "${target.word}", folder ${target.folderId}, ${target.total} assets visible)`,
  );
  report('Legitimate clients alone', await run(server, target, false));
  report(
    `The same while ${ATTACKERS} clients send ${ATTACK_BYTES / MB} MB bodies`,
    await run(server, target, true),
  );
} finally {
  await server.stop();
  await cluster?.stop();
}
