import { type ChildProcess, spawn } from 'node:child_process';
import { access, mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { get as httpsGet } from 'node:https';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { HOST_IDENTITY } from '@rapid/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { en as MESSAGES_EN } from '../../dam-app/web/src/i18n/messages-en.ts';
import { isAlive } from './harness/rapid-browser.ts';

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
let dir = '';
let child: ChildProcess | undefined;

afterEach(async () => {
  // Ctrl-C, as a person stops it: npm start then stops the daemon it started. SIGKILL would leave the detached
  // daemon answering on 33003+, where a later suite's port sweep expects nothing.
  const running = child;
  if (running && running.exitCode === null && running.signalCode === null) {
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGINT');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 20_000))]);
    running.kill('SIGKILL');
  }
  child = undefined;
  const daemonPid = Number((await readFile(join(dir, 'rapid', 'daemon.pid'), 'utf8').catch(() => '')).trim());
  if (daemonPid && isAlive(daemonPid)) process.kill(daemonPid, 'SIGKILL');
  await rm(dir, { recursive: true, force: true });
});

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Waits for `text` on stdout; a failure names both streams (the register step reports on stderr). */
function waitForOutput(process: ChildProcess, text: string, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = '';
    let errors = '';
    process.stderr?.on('data', (chunk: Buffer) => {
      errors = (errors + chunk.toString()).slice(-4000);
    });
    const streams = () => `${output}\n── stderr (the last 4000 characters) ──\n${errors}`;
    const timer = setTimeout(
      () => reject(new Error(`No "${text}" within ${timeoutMs} ms:\n${streams()}`)),
      timeoutMs,
    );
    process.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(text)) {
        clearTimeout(timer);
        resolve(output);
      }
    });
    process.once('exit', (code) => reject(new Error(`npm start exited (${code}) early:\n${streams()}`)));
  });
}

/** `npm start` as a newcomer runs it: a fresh HOME, RAPID_HOME and DAM_HOME, free ports. */
async function spawnStart(env: Record<string, string> = {}) {
  dir = await mkdtemp(join(tmpdir(), 'rapid-start-'));
  const home = join(dir, 'user');
  const rapidHome = join(dir, 'rapid');
  await mkdir(join(home, '.config/chromium'), { recursive: true });
  const port = await freePort();
  // The embedded node's ports are the system's pick (npm start prints the node's address), so the test never meets
  // another node on this machine, nor loses a port probed free to another suite before the node binds it.
  const nodePorts = { DAM_NODE_API_PORT: '0', DAM_NODE_TRANSFER_PORT: '0' };
  child = spawn(process.execPath, [join(REPO_ROOT, 'scripts/start.mjs')], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      HOME: home,
      RAPID_HOME: rapidHome,
      PORT: String(port),
      DAM_HOME: join(dir, 'dam'),
      ...nodePorts,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return { port, home, rapidHome, child };
}

describe('npm start', () => {
  it('registers the host for installed browsers, serves the demo, and stops everything on Ctrl-C', async () => {
    const { port, home, rapidHome } = await spawnStart();
    if (!child) throw new Error('npm start did not start');
    const output = await waitForOutput(child, 'Press Ctrl-C to stop.', 180_000);
    const url = `http://127.0.0.1:${port}/`;
    expect(output).toContain(url);
    expect(output).toContain(join(REPO_ROOT, 'extension', 'dist'));

    const page = await fetch(url);
    expect(page.status).toBe(200);
    expect(output).toContain(`API reference: ${url}api/docs`);
    // The page SDK's reference and guides, built by npm start's build and served beside the DAM.
    expect(output).toContain(`SDK docs:      ${url}sdk/docs/`);
    const docs = await fetch(`${url}sdk/docs/documents/Quick_start_with_a_script_tag.html`);
    expect(docs.status).toBe(200);

    // Every demo login printed works against the DAM's API.
    const logins = [...output.matchAll(/^ {2}(\S+) +(\S+) {3}\((.+)\)$/gm)].map(
      ([, username, password, role]) => ({
        username,
        password,
        role,
      }),
    );
    expect(logins.map((login) => login.role)).toEqual([
      'administrator',
      'content author',
      'approver',
      'requestor',
      'end user',
      'invited user',
    ]);
    for (const login of logins) {
      const response = await fetch(`${url}api/v1/session`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: url.slice(0, -1) },
        body: JSON.stringify({ username: login.username, password: login.password }),
      });
      expect(response.status).toBe(200);
    }
    const health = await (await fetch(`${url}api/v1/health`)).json();
    expect(health).toMatchObject({ ok: true, database: 'pglite' });

    // The embedded transfer node serves the DAM's storage, its certificate is the one the DAM keeps.
    const nodeUrl = /^Transfer node: (https:\/\/127\.0\.0\.1:\d+)$/m.exec(output)?.[1] ?? '';
    expect(output).toContain(`Storage:       ${join(dir, 'dam', 'storage')}`);
    const ca = await readFile(join(dir, 'dam', 'node-tls', 'cert.pem'), 'utf8');
    const nodePing = await new Promise<number>((resolve, reject) =>
      httpsGet(`${nodeUrl}/ping`, { ca }, (response) => resolve(response.statusCode ?? 0)).on(
        'error',
        reject,
      ),
    );
    expect(nodePing).toBe(200);
    expect(await page.text()).toContain('<title>Rapid DAM</title>');

    // What it tells the newcomer to do names the screens as the web app labels them, and the demo is there.
    const label = (key: keyof typeof MESSAGES_EN) => MESSAGES_EN[key];
    expect(output).toContain('log in as carlos (content author)');
    expect(output).toContain(`In ${label('shell.places')} open Library ▸ Marketing`);
    expect(output).toContain(`${label('shell.create')} ▸ ${label('shell.quickUpload')}`);
    expect(output).not.toContain('⚠');
    expect(output).not.toContain('RUNNING');

    const manifestFile = join(home, '.config/chromium/NativeMessagingHosts', `${HOST_IDENTITY.name}.json`);
    const manifest = JSON.parse(await readFile(manifestFile, 'utf8'));
    await access(manifest.path);
    const daemonPid = Number((await readFile(join(rapidHome, 'daemon.pid'), 'utf8')).trim());
    expect(isAlive(daemonPid)).toBe(true);

    const exited = new Promise<number | null>((resolve) => child?.once('exit', resolve));
    child.kill('SIGINT');
    expect(await exited).toBe(0);
    await expect(fetch(url)).rejects.toThrow();
    await expect(
      new Promise((resolve, reject) => httpsGet(`${nodeUrl}/ping`, { ca }, resolve).on('error', reject)),
    ).rejects.toThrow();
    expect(isAlive(daemonPid)).toBe(false);
  }, 240_000);

  it('starts without a tool it could not install and says what is missing and what to run', async () => {
    // A machine without exiftool, as DAM_EXIFTOOL points the DAM at one that does not exist: `npm start` tries to
    // install it, cannot make the file appear, and says so; the DAM serves and says the demo content is retried.
    const { port } = await spawnStart({ DAM_EXIFTOOL: '/nonexistent/exiftool' });
    if (!child) throw new Error('npm start did not start');
    const output = await waitForOutput(child, 'Press Ctrl-C to stop.', 240_000);
    expect(output).toMatch(
      /⚠ exiftool is missing \(\/nonexistent\/exiftool\): no metadata is read from files/,
    );
    expect(output).toContain('sudo apt-get install -y libimage-exiftool-perl');
    expect(output).toMatch(/⚠ The demo content could not be made yet: .*exiftool/);
    expect((await fetch(`http://127.0.0.1:${port}/api/v1/health`)).status).toBe(200);
  }, 300_000);
});
