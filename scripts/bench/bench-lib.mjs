// Shared helpers of the native-host benchmarks: a throwaway RAPID_HOME, frames, the daemon's socket, summaries.
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { endianness, tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from '../lib/repo.mjs';
import { latencySummary } from './lib/percentiles.mjs';

export const HOST_SCRIPT = join(REPO_ROOT, 'native-host/dist/rapid-host.mjs');
export const PAGE = 'https://bench.example';
const le = endianness() === 'LE';

/** @param {Record<string, unknown>} [engine] */
export async function benchHome(engine = { tickMs: 1000, bytesPerTick: 1, fileBytes: 1_000_000 }) {
  const dir = await mkdtemp(join(tmpdir(), 'rapid-bench-'));
  const home = join(dir, 'home');
  const script = join(dir, 'ui.json');
  await writeFile(script, JSON.stringify({ consent: { [PAGE]: true } }));
  const env = {
    ...process.env,
    RAPID_HOME: home,
    RAPID_UI: 'scripted',
    RAPID_UI_SCRIPT: script,
    RAPID_ENGINE: 'test-double',
    RAPID_TEST_DOUBLE_ENGINE: JSON.stringify(engine),
    RAPID_HTTP_PORTS: '0+1',
    RAPID_LEGACY_PORTS: '0+1',
    RAPID_DRIVE_PORTS: '0+1',
  };
  return {
    env,
    socket: join(home, 'daemon.sock'),
    async cleanup() {
      const pid = Number((await readFile(join(home, 'daemon.pid'), 'utf8').catch(() => '0')).trim());
      if (pid) {
        try {
          process.kill(pid, 'SIGTERM');
        } catch {}
        await new Promise((resolve) => setTimeout(resolve, 300));
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** @param {unknown} message */
export function frame(message) {
  const json = Buffer.from(JSON.stringify(message));
  const out = Buffer.alloc(4 + json.length);
  if (le) out.writeUInt32LE(json.length, 0);
  else out.writeUInt32BE(json.length, 0);
  json.copy(out, 4);
  return out;
}

/**
 * The built host over stdio; `call` resolves when the reply with the request's id has arrived, `body64` pieces
 * joined into `body`. @param {NodeJS.ProcessEnv} env
 */
export function startHost(env) {
  const child = spawn(process.execPath, [HOST_SCRIPT, 'chrome-extension://bench/'], {
    env,
    stdio: ['pipe', 'pipe', 'ignore'],
  });
  /** @type {Map<number, (reply: any) => void>} */
  const waiting = new Map();
  /** @type {Map<number, string>} */
  const pieces = new Map();
  let buffer = Buffer.alloc(0);
  child.stdout.on('data', (/** @type {Buffer} */ chunk) => {
    buffer = Buffer.concat([buffer, chunk]);
    while (buffer.length >= 4) {
      const length = le ? buffer.readUInt32LE(0) : buffer.readUInt32BE(0);
      if (buffer.length < 4 + length) break;
      const reply = JSON.parse(buffer.toString('utf8', 4, 4 + length));
      buffer = buffer.subarray(4 + length);
      if (reply.body64 !== undefined) {
        pieces.set(reply.request_id, (pieces.get(reply.request_id) ?? '') + reply.body64);
        if (!reply.complete) continue;
        reply.body = Buffer.from(pieces.get(reply.request_id) ?? '', 'base64').toString('utf8');
        pieces.delete(reply.request_id);
      }
      waiting.get(reply.request_id)?.(reply);
      waiting.delete(reply.request_id);
    }
  });
  let id = 0;
  return {
    /** @param {string} method @param {string} uri @param {string} [body] */
    call(method, uri, body = '') {
      id += 1;
      const request_id = id;
      return new Promise((resolve) => {
        waiting.set(request_id, resolve);
        child.stdin.write(
          frame({
            type: 'AsperaConnectRequest',
            request_id,
            frame_id: 'bench',
            sender: { tab: { id: 1 }, url: `${PAGE}/`, origin: PAGE, frameId: 0 },
            min_version: '',
            method,
            uri_reference: uri,
            body,
          }),
        );
      });
    },
    close: () => child.stdin.end(),
  };
}

/** One HTTP request to the daemon over its socket, as the host makes it. @param {string} socketPath @param {string} method @param {string} path @param {string} [body] */
export function direct(socketPath, method, path, body) {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      { socketPath, method, path, headers: { 'content-type': 'application/json', 'x-rapid-origin': PAGE } },
      (response) => {
        /** @type {Buffer[]} */
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

/** Runs `body` n times in sequence and returns the sorted durations in ms. @param {number} n @param {() => Promise<unknown>} body */
export async function timeEach(n, body) {
  const times = [];
  for (let i = 0; i < n; i++) {
    const started = performance.now();
    await body();
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b);
}

/** @param {number[]} samples */
export const summary = (samples) => latencySummary(samples, [0.5, 0.99], 3);
