import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { encodeFrame, FrameDecoder } from '@rapid/native-host/frame';
import { ARTIFACTS } from './artifacts.ts';
import { isAlive } from './rapid-browser.ts';

export const EXTENSION_ORIGIN = 'chrome-extension://rapid-test/';
export const PAGE_ORIGIN = 'https://dam.example';

export interface HostReplyFrame {
  request_id: number;
  status: number;
  body?: string;
  body64?: string;
  complete?: boolean;
  [key: string]: unknown;
}

/** A RAPID_HOME with the scripted desktop and the TestDoubleEngine selected explicitly, as the daemon reads them. */
export async function makeRapidHome(engine = { tickMs: 50, bytesPerTick: 100_000, fileBytes: 1_000_000 }) {
  const dir = await mkdtemp(join(tmpdir(), 'rapid-host-e2e-'));
  const home = join(dir, 'home');
  const script = join(dir, 'ui-script.json');
  await writeFile(script, JSON.stringify({ consent: { [PAGE_ORIGIN]: true } }));
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
  const daemonPid = async () => {
    const text = await readFile(join(home, 'daemon.pid'), 'utf8').catch(() => undefined);
    return text ? Number(text.trim()) : undefined;
  };
  return {
    dir,
    home,
    env,
    daemonPid,
    setScript: (value: unknown) => writeFile(script, JSON.stringify(value)),
    async cleanup() {
      const pid = await daemonPid();
      if (pid && isAlive(pid)) {
        process.kill(pid, 'SIGTERM');
        for (let i = 0; i < 100 && isAlive(pid); i++) await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** The built host, started as the browser starts it: caller origin as argv, frames on stdin and stdout. */
export function spawnHost(env: NodeJS.ProcessEnv) {
  const child: ChildProcessWithoutNullStreams = spawn(
    process.execPath,
    [ARTIFACTS.hostScript, EXTENSION_ORIGIN],
    {
      env,
      stdio: 'pipe',
    },
  );
  const decoder = new FrameDecoder(Number.MAX_SAFE_INTEGER);
  const frames: HostReplyFrame[] = [];
  const frameSizes: number[] = [];
  let stdoutError: Error | undefined;
  const waiters = new Set<() => void>();
  child.stdout.on('data', (chunk: Buffer) => {
    try {
      for (const text of decoder.push(chunk)) {
        frameSizes.push(Buffer.byteLength(text));
        frames.push(JSON.parse(text) as HostReplyFrame);
      }
    } catch (error) {
      stdoutError = error as Error;
    }
    for (const wake of waiters) wake();
  });
  child.stderr.resume();
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let nextId = 1;
  const host = {
    child,
    frames,
    frameSizes,
    exited,
    /** What reached stdout that was not a frame of JSON, if anything. */
    stdoutProblem: () =>
      stdoutError ?? (decoder.bufferedBytes > 0 ? new Error('partial frame on stdout') : undefined),
    write: (bytes: Buffer) => child.stdin.write(bytes),
    /** One Connect call through the host; resolves with the whole reply (body64 pieces joined). */
    async call(method: 'GET' | 'POST', uri: string, body?: unknown, timeoutMs = 30_000) {
      const request_id = nextId++;
      child.stdin.write(
        encodeFrame({
          type: 'AsperaConnectRequest',
          request_id,
          frame_id: 'frame-1',
          sender: { tab: { id: 1 }, url: `${PAGE_ORIGIN}/page`, origin: PAGE_ORIGIN, frameId: 0 },
          min_version: '',
          method,
          uri_reference: uri,
          body: body === undefined ? '' : JSON.stringify(body),
        }),
      );
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const mine = frames.filter((frame) => frame.request_id === request_id);
        const last = mine.at(-1);
        if (last && (last.body !== undefined || last.complete === true)) {
          const text =
            last.body ??
            Buffer.from(mine.map((frame) => frame.body64 ?? '').join(''), 'base64').toString('utf8');
          // biome-ignore lint/suspicious/noExplicitAny: tests read reply fields directly and assert on them
          return { status: last.status, body: JSON.parse(text) as Record<string, any>, pieces: mine.length };
        }
        if (Date.now() > deadline) throw new Error(`no reply to ${uri} within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          waiters.add(resolve);
          setTimeout(resolve, 100);
        }).finally(() => waiters.clear());
      }
    },
    async close() {
      child.stdin.end();
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    },
  };
  return host;
}

/** The ports the daemon logs once all its servers listen (tests give it any free port); waits for that line. */
export async function daemonPorts(
  rapidHome: string,
): Promise<{ http: number; https: number; drive: number }> {
  for (let i = 0; i < 200; i++) {
    const log = await readFile(join(rapidHome, 'logs', 'daemon.log'), 'utf8').catch(() => '');
    const entry = log
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { message: string; http: number; https: number; drive: number })
      .find((each) => each.message === 'daemon listening');
    if (entry) return entry;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the daemon did not log its ports');
}
