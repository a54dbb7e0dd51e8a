import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { request } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { drain } from '../../../transfer/src/engine/http-client.ts';
import { datagramAddonFile } from '../../../transfer/src/native/datagram-addon.ts';
import { selfSignedCertificate } from '../../../transfer/src/node/tls-material.ts';
import { buildEntry } from '../../../transfer/src/test-support/build-entry.ts';
import { diesWithBench } from './dies-with-bench.ts';
import { REPO } from './repo-root.ts';

// A bundled benchmark runs from scripts/bench/.build, where the engine's own lookup does not reach
// transfer/native/build: the addon is built when it is not, and both ends are pointed at it (RAPID_DATAGRAM_ADDON=off
// set by hand measures the JavaScript path).
if (process.env.RAPID_DATAGRAM_ADDON === undefined) {
  const file = join(REPO, 'transfer/native/build/rapid-dgram.node');
  if (!existsSync(file))
    spawnSync(process.execPath, [join(REPO, 'transfer/native/build.mjs')], { stdio: 'inherit' });
  process.env.RAPID_DATAGRAM_ADDON = existsSync(file) ? file : 'off';
}

export const USER = 'bench';
export const PASSWORD = 'bench-password';
export const BASIC = `Basic ${Buffer.from(`${USER}:${PASSWORD}`).toString('base64')}`;

export interface BenchNode {
  docroot: string;
  url: string;
  cert: string;
  ports: { api: number; control: number; udp: number };
  process: ChildProcess;
  api(method: string, path: string, body?: unknown): Promise<unknown>;
  stop(): void;
}

/** A transfer node in its own process (so it does not share the client's event loop), ephemeral ports. */
export async function startBenchNode(
  docroot = mkdtempSync(join(tmpdir(), 'bench-docroot-')),
  extraEnv: Record<string, string> = {},
): Promise<BenchNode> {
  const tls = selfSignedCertificate('localhost');
  const tlsDir = mkdtempSync(join(tmpdir(), 'bench-tls-'));
  writeFileSync(join(tlsDir, 'key.pem'), tls.key);
  writeFileSync(join(tlsDir, 'cert.pem'), tls.cert);
  const entry = await buildEntry(join(REPO, 'transfer/src/node/main.ts'));
  // The bundle lives in a temporary directory, away from transfer/native/build: the node is told the bench's own
  // choice of datagram path (the addon's file, or off), so both ends run the same one.
  const addon = datagramAddonFile() ?? 'off';
  // BENCH_NODE_FLAGS: extra Node flags for the node process, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`.
  const flags = (process.env.BENCH_NODE_FLAGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...flags, entry], {
    env: {
      ...process.env,
      RAPID_NODE_DOCROOT: docroot,
      RAPID_NODE_USERS: `${USER}:${PASSWORD}`,
      RAPID_NODE_SECRET: randomBytes(32).toString('hex'),
      RAPID_NODE_BIND: '127.0.0.1',
      RAPID_NODE_API_PORT: '0',
      RAPID_NODE_CONTROL_PORT: '0',
      RAPID_NODE_UDP_PORT: '0',
      RAPID_NODE_TLS_KEY: join(tlsDir, 'key.pem'),
      RAPID_NODE_TLS_CERT: join(tlsDir, 'cert.pem'),
      RAPID_DATAGRAM_ADDON: addon,
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  diesWithBench(child);
  const line = await new Promise<string>((resolve) =>
    createInterface({ input: child.stdout as NodeJS.ReadableStream }).once('line', resolve),
  );
  const status = JSON.parse(line) as { url: string; ports: BenchNode['ports'] };
  const api = (method: string, path: string, body?: unknown) =>
    new Promise<unknown>((resolve, reject) => {
      const req = request(
        new URL(path, status.url),
        {
          method,
          ca: tls.cert,
          servername: 'localhost',
          headers: { Authorization: BASIC, 'Content-Type': 'application/json' },
        },
        // A node that dies mid-answer fails the body: reject, never an unhandled rejection of this callback.
        (res) =>
          drain(res)
            .then((text) => (text ? JSON.parse(text) : undefined))
            .then(resolve, reject),
      );
      req.on('error', reject);
      req.end(body === undefined ? undefined : JSON.stringify(body));
    });
  return {
    docroot,
    url: status.url,
    cert: tls.cert,
    ports: status.ports,
    process: child,
    api,
    stop: () => child.kill('SIGTERM'),
  };
}

export async function setup(
  node: BenchNode,
  kind: 'upload' | 'download',
  transferRequest: object,
): Promise<Record<string, unknown>> {
  const reply = (await node.api('POST', `/files/${kind}_setup`, {
    transfer_requests: [{ transfer_request: transferRequest }],
  })) as {
    transfer_specs: { transfer_spec: Record<string, unknown> }[];
  };
  const spec = reply.transfer_specs[0]?.transfer_spec;
  if (!spec) throw new Error(`setup failed: ${JSON.stringify(reply)}`);
  return spec;
}
