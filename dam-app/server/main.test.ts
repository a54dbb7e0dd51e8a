import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ApiClient } from './test-support/api-client.ts';
import { damProcessArgs, freePort, freshPostgresDatabase } from './test-support/test-dam.ts';

const children: ChildProcess[] = [];
const dirs: string[] = [];

afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

/** The DAM server as `npm start` runs it: its own process (bundled as the build does), configured by the environment. */
async function startProcess(env: Record<string, string>, entry: 'server' | 'demo-server' = 'server') {
  const home = await mkdtemp(join(tmpdir(), 'rapid-dam-proc-'));
  dirs.push(home);
  const child = spawn(process.execPath, damProcessArgs(entry), {
    env: { ...process.env, DAM_HOME: home, DAM_SCRYPT_LOG_N: '10', DAM_EMBEDDED_NODE: 'false', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk) => {
    stdout += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { child, exited, output: () => ({ stdout, stderr }) };
}

// The demo entry makes its content (renditions) before it listens: on a loaded machine that takes a while.
async function waitForHealth(url: string, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const ok = await fetch(`${url}/api/v1/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not become healthy`);
}

describe('the DAM server process', () => {
  it('exits with one clear line when the database cannot be reached', async () => {
    const server = await startProcess({ DATABASE_URL: 'postgres://dam:secret@127.0.0.1:1/dam', PORT: '0' });
    expect(await server.exited).toBe(1);
    const lines = server.output().stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^DAM server: Cannot reach the database at postgres:\/\/dam:\*\*\*@127\.0\.0\.1:1\/dam: .*ECONNREFUSED/,
    );
  });

  it('names every bad variable and exits', async () => {
    const server = await startProcess({ PORT: 'x', DAM_ALLOW_UPLOAD: 'maybe' });
    expect(await server.exited).toBe(1);
    expect(server.output().stderr).toBe(
      'DAM server: Invalid configuration:\n  PORT must be a port number\n  DAM_ALLOW_UPLOAD must be true or false\n',
    );
  });

  it('holds no demo: the demo switch is refused with one line naming the demo entry', async () => {
    const server = await startProcess({ DAM_DEMO: 'true', PORT: '0' });
    expect(await server.exited).toBe(1);
    expect(server.output().stderr).toBe(
      'DAM server: DAM_DEMO=true: the demo is its own entry, dam-app/dist/demo-server.mjs (what npm start runs); dam-app/dist/server.mjs serves the DAM without demo data.\n',
    );
  });

  it('serves without demo data and says where it runs', async () => {
    const port = await freePort();
    const server = await startProcess({ PORT: String(port) });
    await waitForHealth(`http://127.0.0.1:${port}`);
    const started = JSON.parse(server.output().stdout.split('\n')[0] ?? '').started;
    expect(Object.keys(started)).toEqual(['nodes', 'storageRoot', 'home']);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }, 60_000);

  it('runs the demo as its own entry: the demo logins and content outcome on the started line', async () => {
    const port = await freePort();
    const server = await startProcess(
      { PORT: String(port), DAM_ADMIN_PASSWORD: 'Demo-Admin-Pass-1' },
      'demo-server',
    );
    await waitForHealth(`http://127.0.0.1:${port}`);
    const started = JSON.parse(server.output().stdout.split('\n')[0] ?? '').started;
    expect(Object.keys(started)).toEqual(['demoLogins', 'demoContent', 'nodes', 'storageRoot', 'home']);
    expect(started.demoLogins).toContainEqual({
      role: expect.any(String),
      username: 'admin',
      password: 'Demo-Admin-Pass-1',
    });
    const client = new ApiClient(`http://127.0.0.1:${port}`);
    await client.login('admin', 'Demo-Admin-Pass-1');
    expect((await client.get('/session')).body.user.username).toBe('admin');
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }, 180_000);

  it('runs as two processes on one PostgreSQL that migrate together and share sessions', async () => {
    const databaseUrl = await freshPostgresDatabase();
    const [portA, portB] = [await freePort(), await freePort()];
    const urlA = `http://127.0.0.1:${portA}`;
    const urlB = `http://127.0.0.1:${portB}`;
    // Behind one load balancer both servers share the public address the browser sees.
    const common = {
      DATABASE_URL: databaseUrl,
      DAM_ADMIN_PASSWORD: 'Shared-Admin-Pass-1',
      DAM_PUBLIC_URL: urlA,
    };
    const a = await startProcess({ ...common, PORT: String(portA) }, 'demo-server');
    const b = await startProcess({ ...common, PORT: String(portB) }, 'demo-server');
    await Promise.all([waitForHealth(urlA), waitForHealth(urlB)]);

    const onA = new ApiClient(urlA);
    await onA.login('admin', 'Shared-Admin-Pass-1');
    const onB = new ApiClient(urlB, { origin: urlA });
    onB.cookie = onA.cookie;
    expect((await onB.get('/session')).body.user.username).toBe('admin');
    expect(
      (await onB.get('/admin/users')).body.filter((user: { username: string }) => user.username === 'admin'),
    ).toHaveLength(1);
    // A logout on one server ends the session on the other.
    expect((await onB.delete('/session')).status).toBe(200);
    expect((await onA.get('/session')).status).toBe(401);
    expect(a.output().stderr).not.toContain('"level":"error"');
    expect(b.output().stderr).not.toContain('"level":"error"');
  }, 180_000);
});
