import { type ChildProcess, spawn } from 'node:child_process';
import { createSocket } from 'node:dgram';
import { once } from 'node:events';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { request } from 'node:https';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { NODE_PASSWORD, NODE_USER, testTls } from './node-fixture.ts';

/** A free TCP port and a free UDP port on loopback. */
export async function freePorts(): Promise<{ tcp: number; udp: number }> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const tcp = (server.address() as { port: number }).port;
  server.close();
  const socket = createSocket('udp4');
  socket.bind(0, '127.0.0.1');
  await once(socket, 'listening');
  const udp = socket.address().port;
  socket.close();
  return { tcp, udp };
}

export interface NodeProcessSetup {
  /** The node's variables: fixed ports, secret and certificate, so a restarted node is the same node. */
  env: NodeJS.ProcessEnv;
  apiPort: number;
}

/** Test support: the configuration of a node run as a program (`node/main.ts`) that a test can SIGKILL and restart. */
export async function nodeProcessSetup(docroot: string): Promise<NodeProcessSetup> {
  const tlsDir = mkdtempSync(join(tmpdir(), 'node-process-tls-'));
  writeFileSync(join(tlsDir, 'key.pem'), testTls().key);
  writeFileSync(join(tlsDir, 'cert.pem'), testTls().cert);
  const { tcp, udp } = await freePorts();
  const api = await freePorts();
  return {
    apiPort: api.tcp,
    env: {
      ...process.env,
      RAPID_NODE_DOCROOT: docroot,
      RAPID_NODE_USERS: `${NODE_USER}:${NODE_PASSWORD}`,
      RAPID_NODE_SECRET: 'ab'.repeat(32),
      RAPID_NODE_BIND: '127.0.0.1',
      RAPID_NODE_API_PORT: String(api.tcp),
      RAPID_NODE_CONTROL_PORT: String(tcp),
      RAPID_NODE_UDP_PORT: String(udp),
      RAPID_NODE_TLS_KEY: join(tlsDir, 'key.pem'),
      RAPID_NODE_TLS_CERT: join(tlsDir, 'cert.pem'),
    },
  };
}

/** Starts the bundled node program and resolves once it listens, with its status line. */
export async function startNodeProcess(
  entry: string,
  env: NodeJS.ProcessEnv,
): Promise<
  ChildProcess & {
    listening: Record<string, unknown>;
    /** Stops it (SIGTERM) and resolves with its closing status line (empty when it exits without one). */
    stop(): Promise<Record<string, unknown>>;
  }
> {
  const child = spawn(process.execPath, [entry], { env, stdio: ['ignore', 'pipe', 'ignore'] });
  let stopped: Record<string, unknown> | undefined;
  const listening = await new Promise<Record<string, unknown>>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
    lines.on('line', (line) => {
      const status = JSON.parse(line) as Record<string, unknown>;
      if (status.event === 'listening') resolve(status);
      if (status.event === 'stopped') stopped = status;
    });
    child.once('exit', () => reject(new Error('the node exited before listening')));
  });
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
  const stop = async () => {
    child.kill('SIGTERM');
    await exited;
    return stopped ?? {};
  };
  return Object.assign(child, { listening, stop });
}

/** `POST /files/{kind}_setup` against a node on loopback; the first transfer spec. */
export function fetchSetup(
  apiPort: number,
  kind: 'upload' | 'download',
  transferRequest: object,
): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: apiPort,
        path: `/files/${kind}_setup`,
        method: 'POST',
        ca: testTls().cert,
        servername: 'localhost',
        headers: {
          Authorization: `Basic ${Buffer.from(`${NODE_USER}:${NODE_PASSWORD}`).toString('base64')}`,
          'Content-Type': 'application/json',
        },
      },
      async (res) => {
        const chunks: Buffer[] = [];
        for await (const chunk of res) chunks.push(chunk as Buffer);
        const body = JSON.parse(Buffer.concat(chunks).toString()) as {
          transfer_specs: { transfer_spec?: Record<string, unknown> }[];
        };
        const spec = body.transfer_specs[0]?.transfer_spec;
        if (spec) resolve(spec);
        else reject(new Error(`setup failed: ${JSON.stringify(body)}`));
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify({ transfer_requests: [{ transfer_request: transferRequest }] }));
  });
}
