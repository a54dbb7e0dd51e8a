import { type ChildProcess, spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { clamdCommand } from '../antivirus/clamd-client.ts';
import { EICAR } from '../antivirus/eicar.ts';

export { EICAR };

/** The name our signature gives it: clamd answers `stream: <name>.UNOFFICIAL FOUND` (not a signed database). */
export const EICAR_SIGNATURE = 'Rapid.Test.EICAR';

const CLAMD = process.env.RAPID_CLAMD ?? '/usr/sbin/clamd';

/**
 * Signatures cannot be downloaded here, so the project writes its own database: one body signature (`.ndb`:
 * name, any file type, any offset, the bytes in hex) that matches the EICAR string wherever it is in a file.
 */
export async function writeTestSignatures(dir: string): Promise<void> {
  await writeFile(
    join(dir, 'rapid-test.ndb'),
    `${EICAR_SIGNATURE}:0:*:${Buffer.from(EICAR).toString('hex')}\n`,
  );
}

export interface RunningClamd {
  /** clamd's unix socket, for DAM_CLAMD. */
  socket: string;
  /** Its signature folder, for DAM_CLAMAV_DATABASE. */
  database: string;
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops it and removes its folder. */
  close(): Promise<void>;
}

/**
 * A real clamd (Debian's clamav-daemon) in the foreground, its socket, database and log in a temporary folder.
 * `maxFileSize`: clamd's per-file limits (MaxFileSize, MaxScanSize), when a test needs them below the stream's.
 */
export async function startClamd(options: { maxFileSize?: string } = {}): Promise<RunningClamd> {
  const dir = await mkdtemp(join(tmpdir(), 'rapid-clamd-'));
  const database = join(dir, 'db');
  const socket = join(dir, 'clamd.sock');
  await mkdir(database);
  await writeTestSignatures(database);
  const conf = join(dir, 'clamd.conf');
  await writeFile(
    conf,
    [
      `LocalSocket ${socket}`,
      `DatabaseDirectory ${database}`,
      `TemporaryDirectory ${dir}`,
      `LogFile ${join(dir, 'clamd.log')}`,
      'Foreground yes',
      // The benchmark sends 100 MiB; clamd's default stream limit is 25 MiB. The per-file limits must be at least
      // the stream's: past them clamd reads no further and, without AlertExceedsMax, answers OK for the rest.
      'StreamMaxLength 200M',
      `MaxScanSize ${options.maxFileSize ?? '200M'}`,
      `MaxFileSize ${options.maxFileSize ?? '200M'}`,
      'AlertExceedsMax yes',
    ].join('\n'),
  );
  let child: ChildProcess | undefined;
  const running: RunningClamd = {
    socket,
    database,
    async start() {
      const started = spawn(CLAMD, ['-c', conf], { stdio: 'ignore' });
      child = started;
      const deadline = Date.now() + 30_000;
      for (;;) {
        if (started.exitCode !== null)
          throw new Error(`clamd exited with ${started.exitCode}; see ${dir}/clamd.log`);
        const pong = await clamdCommand({ socket }, 'PING', 1_000).catch(() => '');
        if (pong === 'PONG') return;
        if (Date.now() > deadline) throw new Error('clamd did not start within 30 s');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    async stop() {
      const stopping = child;
      child = undefined;
      if (!stopping || stopping.exitCode !== null) return;
      const exited = new Promise((resolve) => stopping.once('exit', resolve));
      stopping.kill('SIGTERM');
      await exited;
      await rm(socket, { force: true });
    },
    async close() {
      await running.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
  await running.start();
  return running;
}
