import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, realpathSync } from 'node:fs';
import { request } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_RATE, type NodeConfig } from '../node/node-config.ts';
import { selfSignedCertificate } from '../node/tls-material.ts';
import { startTransferNode, type TransferNode } from '../node/transfer-node.ts';

let tls: { key: string; cert: string } | undefined;
export const testTls = () => {
  tls ??= selfSignedCertificate('localhost');
  return tls;
};

export const NODE_USER = 'dam';
export const NODE_PASSWORD = 'node-secret';
export const BASIC = `Basic ${Buffer.from(`${NODE_USER}:${NODE_PASSWORD}`).toString('base64')}`;

export interface NodeFixture {
  node: TransferNode;
  config: NodeConfig;
  docroot: string;
  /** Calls the node API over HTTPS, trusting the node's own certificate. */
  api(
    method: string,
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<{
    status: number;
    headers: Record<string, string | string[] | undefined>;
    body: unknown;
    text: string;
  }>;
  close(): Promise<void>;
}

/** Test support: a real node on loopback with ephemeral ports, a temporary docroot and an HTTPS API. */
export async function startNodeFixture(overrides: Partial<NodeConfig> = {}): Promise<NodeFixture> {
  const docroot = realpathSync(mkdtempSync(join(tmpdir(), 'docroot-')));
  mkdirSync(join(docroot, 'incoming'));
  const config: NodeConfig = {
    docroot,
    nodeId: 'node-test',
    secret: randomBytes(32),
    users: { [NODE_USER]: NODE_PASSWORD },
    transferUser: 'xfer',
    advertisedHost: '127.0.0.1',
    bindHost: '127.0.0.1',
    apiPort: 0,
    controlPort: 0,
    udpPort: 0,
    tls: testTls(),
    apiTls: true,
    rate: { ...DEFAULT_RATE },
    corsOrigins: ['https://dam.example'],
    activityRetentionMs: 3600_000,
    tokenLifeSeconds: 3600,
    stallMs: 20_000,
    ...overrides,
  };
  const node = await startTransferNode(config);
  const api: NodeFixture['api'] = (method, path, body, headers = {}) =>
    new Promise((resolve, reject) => {
      const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
      const req = request(
        new URL(path, node.url),
        {
          method,
          ca: config.tls.cert,
          headers: {
            Authorization: BASIC,
            ...(payload ? { 'Content-Type': 'application/json' } : {}),
            ...headers,
          },
        },
        async (res) => {
          const chunks: Buffer[] = [];
          for await (const chunk of res) chunks.push(chunk as Buffer);
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed: unknown;
          try {
            parsed = text ? JSON.parse(text) : undefined;
          } catch {
            parsed = undefined;
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: parsed, text });
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  return { node, config, docroot, api, close: () => node.close() };
}

/** Calls `*_setup` and returns the first transfer spec. */
export async function setupSpec(
  fixture: NodeFixture,
  kind: 'upload' | 'download',
  request: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const reply = await fixture.api('POST', `/files/${kind}_setup`, {
    transfer_requests: [{ transfer_request: request }],
  });
  const entry = (
    reply.body as { transfer_specs: { transfer_spec?: Record<string, unknown>; error?: unknown }[] }
  ).transfer_specs[0];
  if (!entry?.transfer_spec) throw new Error(`setup failed: ${reply.text}`);
  return entry.transfer_spec;
}
