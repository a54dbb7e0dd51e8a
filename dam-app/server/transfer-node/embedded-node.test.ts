import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config/config.ts';
import { silentLogger } from '../log.ts';
import { startTestDam, type TestDam } from '../test-support/test-dam.ts';
import { startEmbeddedNode } from './embedded-node.ts';
import { NodeClient } from './node-client.ts';

const FREE_PORTS = { DAM_EMBEDDED_NODE: 'true', DAM_NODE_API_PORT: '0', DAM_NODE_TRANSFER_PORT: '0' };

describe('the embedded transfer node', () => {
  const dams: TestDam[] = [];
  afterAll(async () => {
    for (const dam of dams) await dam.close();
  });

  it('runs beside the DAM with the storage root as its docroot, known only to the server', async () => {
    const dam = await startTestDam('pglite', FREE_PORTS);
    dams.push(dam);
    const [endpoint] = dam.services.nodes;
    expect(endpoint?.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    const client = new NodeClient(endpoint as NonNullable<typeof endpoint>);
    const ping = await client.call('GET', '/ping');
    expect(ping.status).toBe(200);
    // The DAM writes a file into its storage; the node sees it at the same path.
    await writeFile(join(dam.services.config.storageRoot, 'hello.txt'), 'hello');
    const browse = await client.call('POST', '/files/browse', { path: '/' });
    expect(JSON.stringify(browse.body)).toContain('hello.txt');
    const stranger = new NodeClient({ ...(endpoint as NonNullable<typeof endpoint>), password: 'guess' });
    expect((await stranger.call('GET', '/info')).status).toBe(401);
    client.close();
    stranger.close();
    const credentials = await stat(join(dam.home, 'node.json'));
    expect(credentials.mode & 0o777).toBe(0o600);
  });

  it('keeps its node user, secret and certificate across restarts', async () => {
    const home = await mkdtemp(join(tmpdir(), 'rapid-dam-node-'));
    try {
      const config = loadConfig({ DAM_HOME: home, ...FREE_PORTS });
      const first = await startEmbeddedNode(config, silentLogger);
      await first.close();
      const second = await startEmbeddedNode(config, silentLogger);
      await second.close();
      // Free ports differ between runs; the identity does not.
      expect({ ...second.endpoint, url: '' }).toEqual({ ...first.endpoint, url: '' });
      expect(first.endpoint.fingerprint).toMatch(/^[0-9a-f]{64}$/);
    } finally {
      await rm(home, { recursive: true, force: true });
    }
  });

  it('is off when the site lists its own nodes', async () => {
    const dam = await startTestDam('pglite', {
      DAM_NODES: 'https://dam:pw@node.example:443',
      DAM_EMBEDDED_NODE: 'true',
    });
    dams.push(dam);
    expect(dam.services.nodes).toEqual([{ url: 'https://node.example', user: 'dam', password: 'pw' }]);
  });
});

describe('the embedded node’s lifeline', () => {
  it('ends when the DAM process is killed outright', async () => {
    const home = await mkdtemp(join(tmpdir(), 'rapid-dam-orphan-'));
    const script = join(home, 'parent.mjs');
    const embedded = new URL('./embedded-node.ts', import.meta.url).pathname;
    const configModule = new URL('../config/config.ts', import.meta.url).pathname;
    const logModule = new URL('../log.ts', import.meta.url).pathname;
    await writeFile(
      script,
      `import { startEmbeddedNode } from ${JSON.stringify(embedded)};
import { loadConfig } from ${JSON.stringify(configModule)};
import { silentLogger } from ${JSON.stringify(logModule)};
const node = await startEmbeddedNode(loadConfig({ DAM_HOME: ${JSON.stringify(home)}, DAM_NODE_API_PORT: '0', DAM_NODE_TRANSFER_PORT: '0' }), silentLogger);
process.stdout.write(JSON.stringify(node.ports) + '\\n');
setInterval(() => {}, 1000);
`,
    );
    const { spawn } = await import('node:child_process');
    const parent = spawn(process.execPath, ['--import', 'tsx', script], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const ports = await new Promise<{ api: number }>((resolve) =>
      parent.stdout.once('data', (chunk: Buffer) => resolve(JSON.parse(chunk.toString()))),
    );
    const { request } = await import('node:https');
    const ping = () =>
      new Promise<number>((resolve) =>
        request(`https://127.0.0.1:${ports.api}/ping`, { rejectUnauthorized: false }, (res) =>
          resolve(res.statusCode ?? 0),
        )
          .on('error', () => resolve(0))
          .end(),
      );
    expect(await ping()).toBe(200);
    parent.kill('SIGKILL');
    const deadline = Date.now() + 10_000;
    while ((await ping()) === 200 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await ping()).toBe(0);
    await rm(home, { recursive: true, force: true });
  });
});
