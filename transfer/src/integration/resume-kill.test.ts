import { type ChildProcess, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { createSocket } from 'node:dgram';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { TransferEngine } from '../engine/transfer-engine.ts';
import { buildEntry } from '../test-support/build-entry.ts';
import {
  NODE_PASSWORD,
  NODE_USER,
  type NodeFixture,
  setupSpec,
  startNodeFixture,
  testTls,
} from '../test-support/node-fixture.ts';

const here = fileURLToPath(new URL('.', import.meta.url));
const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const SIZE = 16 * 1024 * 1024;
const RATE = { target_rate_kbps: 40_000, rate_policy: 'fixed' };
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
});

/** Resolves with the first JSON line on the child's stdout that satisfies `until`. */
function watch(
  child: ChildProcess,
  until: (line: Record<string, unknown>) => boolean,
): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
    lines.on('line', (line) => {
      const value = JSON.parse(line) as Record<string, unknown>;
      if (until(value)) resolve(value);
    });
    child.once('exit', () => reject(new Error('child exited first')));
  });
}

async function freePorts(): Promise<{ tcp: number; udp: number }> {
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

describe('resume after SIGKILL', () => {
  it('of the client mid-upload: the restarted upload sends only what is missing', async () => {
    const fixture: NodeFixture = await startNodeFixture();
    try {
      const local = mkdtempSync(join(tmpdir(), 'kill-client-'));
      const data = randomBytes(SIZE);
      writeFileSync(join(local, 'big.bin'), data);
      const spec = {
        ...(await setupSpec(fixture, 'upload', { destination_root: '/incoming' })),
        ...RATE,
        paths: [{ source: join(local, 'big.bin') }],
        destination_root: '/incoming',
      };
      const entry = await buildEntry(join(here, '../test-support/child-client.ts'));
      const child = spawn(process.execPath, [entry], {
        env: { ...process.env, RAPID_TEST_SPEC: JSON.stringify(spec) },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      children.push(child);
      await watch(child, (line) => Number(line.bytes_written) >= SIZE / 2);
      child.kill('SIGKILL');
      await once(child, 'exit');
      const info = await new TransferEngine().start(spec).done();
      expect(info.status).toBe('completed');
      expect(info.bytes_transferred).toBeLessThan(SIZE * 0.75);
      expect(sha(readFileSync(join(fixture.docroot, 'incoming/big.bin')))).toBe(sha(data));
    } finally {
      await fixture.close();
    }
  });

  it.each(['receive', 'send'] as const)(
    'of the node mid-transfer (%s): the client retries and moves only what is missing',
    async (direction) => {
      const docroot = mkdtempSync(join(tmpdir(), 'kill-node-'));
      const local = mkdtempSync(join(tmpdir(), 'kill-node-local-'));
      const data = randomBytes(SIZE);
      writeFileSync(join(direction === 'receive' ? docroot : local, 'big.bin'), data);
      const tlsDir = mkdtempSync(join(tmpdir(), 'kill-tls-'));
      writeFileSync(join(tlsDir, 'key.pem'), testTls().key);
      writeFileSync(join(tlsDir, 'cert.pem'), testTls().cert);
      const { tcp, udp } = await freePorts();
      const api = await freePorts();
      const entry = await buildEntry(join(here, '../node/main.ts'));
      const env = {
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
      };
      const startNode = async () => {
        const child = spawn(process.execPath, [entry], { env, stdio: ['ignore', 'pipe', 'ignore'] });
        children.push(child);
        await watch(child, (line) => line.event === 'listening');
        return child;
      };
      let node = await startNode();
      const request =
        direction === 'receive' ? { paths: [{ source: '/big.bin' }] } : { destination_root: '/' };
      const setup = await fetchSetup(api.tcp, direction === 'receive' ? 'download' : 'upload', request);
      const spec =
        direction === 'receive'
          ? { ...setup, ...RATE, destination_root: local }
          : { ...setup, ...RATE, paths: [{ source: join(local, 'big.bin') }], destination_root: '/' };
      const handle = new TransferEngine({ retryBaseMs: 200 }).start(spec, { retries: 8 });
      await new Promise<void>((resolve) => {
        const listener = (info: { bytes_written: number }) => {
          if (info.bytes_written >= SIZE / 2) {
            handle.off('progress', listener);
            resolve();
          }
        };
        handle.on('progress', listener);
      });
      node.kill('SIGKILL');
      await once(node, 'exit');
      node = await startNode();
      const info = await handle.done();
      node.kill('SIGTERM');
      expect([info.status, info.retry_count > 0]).toEqual(['completed', true]);
      expect(info.bytes_transferred).toBeLessThan(SIZE * 0.85);
      expect(sha(readFileSync(join(direction === 'receive' ? local : docroot, 'big.bin')))).toBe(sha(data));
    },
  );
});

async function fetchSetup(
  apiPort: number,
  kind: string,
  transferRequest: object,
): Promise<Record<string, unknown>> {
  const { request } = await import('node:https');
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
        resolve(
          (
            JSON.parse(Buffer.concat(chunks).toString()) as {
              transfer_specs: { transfer_spec: Record<string, unknown> }[];
            }
          ).transfer_specs[0]?.transfer_spec ?? {},
        );
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify({ transfer_requests: [{ transfer_request: transferRequest }] }));
  });
}
