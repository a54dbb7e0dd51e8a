import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

const SCRIPT = join(import.meta.dirname, 'ftp-server.py');
/** Debian's Python, which has Debian's python3-pyftpdlib (a pyenv python on the path may not). */
const PYTHON = process.env.RAPID_SYSTEM_PYTHON ?? '/usr/bin/python3';

export interface RunningFtpServer {
  port: number;
  /** The folder the FTP user sees as `/`. */
  root: string;
  user: string;
  password: string;
  close(): Promise<void>;
}

/** A real FTP server (pyftpdlib) on 127.0.0.1, a free port, one user whose `/` is a new temporary folder. */
export async function startFtpServer(user = 'deliver', password = 'Ftp-Pass-42'): Promise<RunningFtpServer> {
  const root = await mkdtemp(join(tmpdir(), 'rapid-ftp-'));
  const child = spawn(PYTHON, [SCRIPT, root, user, password], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the FTP server exited with ${code}`)));
    createInterface({ input: child.stdout }).once('line', (line) => resolve(Number(line)));
  });
  return {
    port,
    root,
    user,
    password,
    async close() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      await rm(root, { recursive: true, force: true });
    },
  };
}
