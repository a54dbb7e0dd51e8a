import { type ChildProcess, spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { transferNodeCommand } from '../transfer-node/node-program.ts';

const MAIN = fileURLToPath(new URL('../main.ts', import.meta.url));
export const HAPROXY = process.env.DAM_HAPROXY ?? '/usr/sbin/haproxy';

/** One DAM server process of the cluster. */
export interface ClusterServer {
  name: string;
  port: number;
  url: string;
  /** Its output so far (the last 20 kB), for a failing test's message. */
  output(): string;
  /** SIGKILL: no goodbye to the database, the balancer or the clients. */
  kill(): Promise<void>;
  /** Starts it again on the same port; resolves once it answers its health check. */
  start(): Promise<void>;
  running(): boolean;
}

/** One transfer node of the cluster, its docroot the shared storage root. */
export interface ClusterNode {
  name: string;
  apiPort: number;
  /** SIGKILL: its transfers in flight die with it. */
  kill(): Promise<void>;
  /** Starts it again on the same ports; resolves once it listens. */
  start(): Promise<void>;
  running(): boolean;
}

/** The user and password the DAM servers call the cluster's nodes with (`DAM_NODES`). */
const NODE_LOGIN = { user: 'dam', password: 'cluster-node-secret' };

export interface DamCluster {
  /** The balancer's address: what browsers and clients use (`DAM_PUBLIC_URL` of every server). */
  url: string;
  servers: ClusterServer[];
  /** The transfer nodes (`nodes` of the options), each named in every server's `DAM_NODES`. */
  nodes: ClusterNode[];
  home: string;
  databaseUrl: string;
  stop(): Promise<void>;
}

export interface DamClusterOptions {
  /** An empty PostgreSQL database every server shares. */
  databaseUrl: string;
  servers?: number;
  /** Transfer nodes over the shared storage root, each its own process (none by default). */
  nodes?: number;
  /** Shared by every server (the storage, the areas, the browser uploads' staging): one file system for all. */
  home?: string;
  env?: Record<string, string>;
  /** What node runs for a server: the TypeScript entry by default, `['dam-app/dist/server.mjs']` for a build. */
  entry?: string[];
}

export async function freeLoopbackPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.once('error', reject);
  });
}

/**
 * The balancer's configuration: round robin, no stickiness; a server is out after two failed health checks a second
 * apart (a refused connection fails one at once; a slow answer has 3 s) and back after one good one; a request that could not reach a server (refused, reset before any
 * answer) is sent to another one (`retry-on`, `redispatch`); event streams stay open (`timeout tunnel`).
 */
export function haproxyConfig(port: number, servers: { name: string; port: number }[]): string {
  return [
    'global',
    '  maxconn 2000',
    'defaults',
    '  mode http',
    '  option http-server-close',
    '  timeout connect 1s',
    '  timeout client 120s',
    '  timeout server 120s',
    '  timeout tunnel 1h',
    // A busy server may take a while to answer its check; a killed one refuses at once.
    '  timeout check 3s',
    '  retries 3',
    '  option redispatch 1',
    '  retry-on conn-failure empty-response',
    'frontend dam',
    `  bind 127.0.0.1:${port}`,
    '  default_backend dam_servers',
    'backend dam_servers',
    '  balance roundrobin',
    '  option httpchk GET /api/v1/health',
    '  http-check expect status 200',
    '  default-server inter 1s fall 2 rise 1',
    ...servers.map((server) => `  server ${server.name} 127.0.0.1:${server.port} check`),
    '',
  ].join('\n');
}

async function waitForHealth(url: string, isAlive: () => boolean, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!isAlive()) throw new Error(`${url} exited before answering`);
    const ok = await fetch(`${url}/api/v1/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not become healthy within ${timeoutMs} ms`);
}

function startServer(name: string, port: number, env: NodeJS.ProcessEnv, entry: string[]): ClusterServer {
  let child: ChildProcess | undefined;
  let output = '';
  const server: ClusterServer = {
    name,
    port,
    url: `http://127.0.0.1:${port}`,
    output: () => output,
    running: () => child !== undefined && child.exitCode === null && child.signalCode === null,
    async start() {
      const started = spawn(process.execPath, entry, {
        env: { ...env, PORT: String(port) },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child = started;
      const keep = (chunk: Buffer) => {
        output = (output + chunk.toString()).slice(-20_000);
      };
      started.stdout?.on('data', keep);
      started.stderr?.on('data', keep);
      await waitForHealth(server.url, () => child === started && server.running());
    },
    async kill() {
      const running = child;
      if (!running || !server.running()) return;
      const exited = new Promise((resolve) => running.once('exit', resolve));
      running.kill('SIGKILL');
      await exited;
    },
  };
  return server;
}

async function startNode(name: string, storageRoot: string, origin: string): Promise<ClusterNode> {
  const [api, transfer] = [await freeLoopbackPort(), await freeLoopbackPort()];
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    RAPID_NODE_ID: name,
    RAPID_NODE_DOCROOT: storageRoot,
    RAPID_NODE_USERS: `${NODE_LOGIN.user}:${NODE_LOGIN.password}`,
    // One token secret for all: a node may check a token another one signed (a site's nodes share it).
    RAPID_NODE_SECRET: 'c1'.repeat(32),
    RAPID_NODE_BIND: '127.0.0.1',
    RAPID_NODE_HOST: '127.0.0.1',
    RAPID_NODE_API_TLS: 'false',
    RAPID_NODE_API_PORT: String(api),
    RAPID_NODE_CONTROL_PORT: String(transfer),
    RAPID_NODE_UDP_PORT: String(transfer),
    RAPID_NODE_CORS_ORIGINS: origin,
  };
  let child: ChildProcess | undefined;
  const node: ClusterNode = {
    name,
    apiPort: api,
    running: () => child !== undefined && child.exitCode === null && child.signalCode === null,
    start: () =>
      new Promise<void>((resolve, reject) => {
        const started = spawn(process.execPath, transferNodeCommand().args, {
          env,
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        child = started;
        let errors = '';
        started.stderr?.on('data', (chunk: Buffer) => {
          errors = (errors + chunk.toString()).slice(-2000);
        });
        createInterface({ input: started.stdout as NodeJS.ReadableStream }).on('line', (line) => {
          if (line.includes('"listening"')) resolve();
        });
        started.once('exit', (code, signal) =>
          reject(new Error(`node ${name} stopped (${signal ?? code}) before listening: ${errors}`)),
        );
      }),
    async kill() {
      const running = child;
      if (!running || !node.running()) return;
      const exited = new Promise((resolve) => running.once('exit', resolve));
      running.kill('SIGKILL');
      await exited;
    },
  };
  await node.start();
  return node;
}

/**
 * A DAM cluster on this machine: N server processes (the app's own entry, configured by the environment only) on one
 * PostgreSQL database and one `DAM_HOME`, behind Debian's HAProxy. What a site runs, on loopback ports.
 */
export async function startDamCluster(options: DamClusterOptions): Promise<DamCluster> {
  const count = options.servers ?? 3;
  const ownHome = options.home === undefined;
  const home = options.home ?? (await mkdtemp(join(tmpdir(), 'rapid-dam-cluster-')));
  await mkdir(home, { recursive: true });
  const balancerPort = await freeLoopbackPort();
  const url = `http://127.0.0.1:${balancerPort}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DAM_HOME: home,
    DATABASE_URL: options.databaseUrl,
    DAM_PUBLIC_URL: url,
    DAM_BIND: '127.0.0.1',
    DAM_EMBEDDED_NODE: 'false',
    DAM_WORD_LIST: 'none',
    ...options.env,
  };
  const nodes: ClusterNode[] = [];
  const servers: ClusterServer[] = [];
  for (let index = 1; index <= count; index++)
    servers.push(
      startServer(`dam${index}`, await freeLoopbackPort(), env, options.entry ?? ['--import', 'tsx', MAIN]),
    );
  const config = join(home, 'haproxy.cfg');
  await writeFile(config, haproxyConfig(balancerPort, servers));
  let balancer: ChildProcess | undefined;
  const stop = async () => {
    balancer?.kill('SIGKILL');
    await Promise.all([...servers, ...nodes].map((each) => each.kill()));
    if (ownHome) await rm(home, { recursive: true, force: true });
  };
  try {
    await mkdir(join(home, 'storage'), { recursive: true });
    for (let index = 1; index <= (options.nodes ?? 0); index++)
      nodes.push(await startNode(`node${index}`, join(home, 'storage'), url));
    // Every server knows every node (what a site writes in DAM_NODES); the servers spawn after this.
    if (nodes.length > 0)
      env.DAM_NODES = nodes
        .map((node) => `http://${NODE_LOGIN.user}:${NODE_LOGIN.password}@127.0.0.1:${node.apiPort}`)
        .join(',');
    // The first server migrates alone; the others then start together (they would wait on its lock anyway).
    await servers[0]?.start();
    await Promise.all(servers.slice(1).map((server) => server.start()));
    let balancerOutput = '';
    balancer = spawn(HAPROXY, ['-db', '-f', config], { stdio: ['ignore', 'pipe', 'pipe'] });
    balancer.stderr?.on('data', (chunk: Buffer) => {
      balancerOutput += chunk.toString();
    });
    await waitForHealth(url, () => balancer?.exitCode === null).catch((error: Error) => {
      throw new Error(`${error.message}: ${balancerOutput}`);
    });
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, servers, nodes, home, databaseUrl: options.databaseUrl, stop };
}
