import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, chown, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
export const POSTGRES_BIN = process.env.DAM_POSTGRES_BIN ?? '/usr/lib/postgresql/15/bin';

export interface PostgresCluster {
  /** A superuser URL to the cluster's `postgres` database. */
  url: string;
  port: number;
  /** The server's log (the million-asset bench reads auto_explain's plans from it). */
  logFile: string;
  /** Stops the server (fast shutdown: every connection dropped) and keeps its data, until `resume`. */
  pause(): Promise<void>;
  /** Starts it again on the same port and data. */
  resume(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * A throw-away PostgreSQL cluster (Debian's PostgreSQL 15) in a temp folder, for one test run: initdb, start on a
 * free port with its socket in the same folder, and stop-and-delete afterwards. As root it runs as `postgres`,
 * since PostgreSQL refuses to run as root.
 */
export async function startPostgresCluster(settings: string[] = []): Promise<PostgresCluster> {
  if (!existsSync(join(POSTGRES_BIN, 'initdb')))
    throw new Error(
      `PostgreSQL 15 is not installed (${POSTGRES_BIN}/initdb is missing): \`npm test\` installs Debian's postgresql-15, or run \`apt-get install postgresql-15\`.`,
    );
  const dir = await mkdtemp(join(tmpdir(), 'rapid-dam-pg-'));
  const asRoot = process.getuid?.() === 0;
  const user = asRoot ? 'postgres' : userInfo().username;
  const exec = (command: string, args: string[]) =>
    asRoot
      ? run('runuser', ['-u', 'postgres', '--', join(POSTGRES_BIN, command), ...args])
      : run(join(POSTGRES_BIN, command), args);
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    await chown(dir, Number(stdout.trim()), Number(gid.trim()));
  }
  await chmod(dir, 0o700);
  const data = join(dir, 'data');
  await exec('initdb', ['-D', data, '-U', user, '-A', 'trust', '--no-sync', '-E', 'UTF8', '--locale=C']);
  const port = await freePort();
  const start = () =>
    exec('pg_ctl', [
      '-D',
      data,
      '-l',
      join(dir, 'server.log'),
      '-w',
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200${settings.map((each) => ` -c ${each}`).join('')}`,
      'start',
    ]);
  await start();
  return {
    url: `postgres://${user}@127.0.0.1:${port}/postgres`,
    port,
    logFile: join(dir, 'server.log'),
    pause: async () => {
      await exec('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
    },
    resume: async () => {
      await start();
    },
    stop: async () => {
      await exec('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']).catch(() => {});
      await rm(dir, { recursive: true, force: true });
    },
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.once('error', reject);
  });
}
