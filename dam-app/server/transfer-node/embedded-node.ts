import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { selfSignedCertificate } from '@rapid/transfer';
import { z } from 'zod';
import type { DamConfig, NodeEndpoint } from '../config/config.ts';
import type { Logger } from '../log.ts';
import { transferNodeCommand } from './node-program.ts';

const credentialsSchema = z.object({
  user: z.string(),
  password: z.string(),
  secret: z.string().regex(/^[0-9a-f]{64}$/),
});
type Credentials = z.infer<typeof credentialsSchema>;

const listeningSchema = z.object({
  event: z.literal('listening'),
  url: z.string(),
  ports: z.object({ api: z.number(), control: z.number(), udp: z.number() }),
  fingerprint: z.string(),
});

export interface EmbeddedNode {
  endpoint: NodeEndpoint;
  ports: { api: number; control: number; udp: number };
  close(): Promise<void>;
}

/**
 * The node user and token secret of the embedded node, made once and kept in `DAM_HOME/node.json` (mode 0600), so
 * tokens and the server's node login survive restarts. Only the server knows them; browsers never do.
 */
async function nodeCredentials(home: string): Promise<Credentials> {
  const file = join(home, 'node.json');
  try {
    return credentialsSchema.parse(JSON.parse(await readFile(file, 'utf8')));
  } catch {
    const created = {
      user: 'dam',
      password: randomBytes(24).toString('base64url'),
      secret: randomBytes(32).toString('hex'),
    };
    await writeFile(file, JSON.stringify(created, null, 2), { mode: 0o600 });
    return created;
  }
}

/**
 * The embedded node's TLS key and self-signed certificate (for localhost and 127.0.0.1), made once in
 * `DAM_HOME/node-tls/`: the DAM trusts exactly this certificate, and clients pin it through `sshfp`.
 */
async function nodeTls(home: string): Promise<{ keyFile: string; certFile: string; cert: string }> {
  const dir = join(home, 'node-tls');
  const keyFile = join(dir, 'key.pem');
  const certFile = join(dir, 'cert.pem');
  try {
    await readFile(keyFile);
    return { keyFile, certFile, cert: await readFile(certFile, 'utf8') };
  } catch {
    await mkdir(dir, { recursive: true, mode: 0o700 });
    const made = selfSignedCertificate('localhost', 'DNS:localhost,IP:127.0.0.1');
    await writeFile(keyFile, made.key, { mode: 0o600 });
    await writeFile(certFile, made.cert);
    return { keyFile, certFile, cert: made.cert };
  }
}

/**
 * Runs a transfer node in its own process (its UDP data path must not share the DAM's event loop), docroot = the
 * storage root, so an accelerated upload lands where the DAM lists it. A node that dies is started again.
 */
export async function startEmbeddedNode(config: DamConfig, log: Logger): Promise<EmbeddedNode> {
  const credentials = await nodeCredentials(config.home);
  const tls = await nodeTls(config.home);
  const env = {
    ...process.env,
    RAPID_NODE_DOCROOT: config.storageRoot,
    RAPID_NODE_USERS: `${credentials.user}:${credentials.password}`,
    RAPID_NODE_SECRET: credentials.secret,
    RAPID_NODE_BIND: '127.0.0.1',
    RAPID_NODE_HOST: '127.0.0.1',
    RAPID_NODE_API_PORT: String(config.embeddedNode.apiPort),
    RAPID_NODE_CONTROL_PORT: String(config.embeddedNode.transferPort),
    RAPID_NODE_UDP_PORT: String(config.embeddedNode.transferPort),
    RAPID_NODE_CORS_ORIGINS: new URL(config.publicUrl).origin,
    RAPID_NODE_TLS_KEY: tls.keyFile,
    RAPID_NODE_TLS_CERT: tls.certFile,
    RAPID_NODE_TARGET_RATE_KBPS: '100000',
  };
  let child: ChildProcess | undefined;
  let closing = false;
  let listened = false;

  const launch = () =>
    new Promise<z.infer<typeof listeningSchema>>((resolve, reject) => {
      const started = spawn(process.execPath, transferNodeCommand().args, {
        env,
        // The IPC channel is the node's lifeline: it exits when this process dies, even by SIGKILL.
        stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
      });
      child = started;
      let errors = '';
      started.stderr?.on('data', (chunk: Buffer) => {
        errors = (errors + chunk.toString()).slice(-2000);
      });
      createInterface({ input: started.stdout as NodeJS.ReadableStream }).on('line', (line) => {
        const parsed = listeningSchema.safeParse(parseJson(line));
        if (!parsed.success) return;
        listened = true;
        resolve(parsed.data);
      });
      started.once('exit', (code, signal) => {
        reject(new Error(`The transfer node stopped (${signal ?? code}) before listening: ${errors.trim()}`));
        // Only a node that was serving is started again; one that could not start says why, once.
        if (closing || !listened) return;
        log.error('node.exited', { code, signal, stderr: errors.trim() });
        setTimeout(() => {
          if (!closing)
            launch().catch((error: Error) => log.error('node.restart_failed', { error: error.message }));
        }, 1000).unref();
      });
    });

  const listening = await launch();
  log.info('node.listening', { url: listening.url, ports: listening.ports, docroot: config.storageRoot });
  return {
    endpoint: {
      url: listening.url,
      user: credentials.user,
      password: credentials.password,
      fingerprint: listening.fingerprint,
      ca: tls.cert,
    },
    ports: listening.ports,
    async close() {
      closing = true;
      const running = child;
      if (!running || running.exitCode !== null || running.signalCode !== null) return;
      await new Promise((resolve) => {
        running.once('exit', resolve);
        running.kill('SIGTERM');
      });
    },
  };
}

function parseJson(line: string): unknown {
  try {
    return JSON.parse(line);
  } catch {
    return undefined;
  }
}
