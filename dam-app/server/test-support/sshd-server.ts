import { execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, chown, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './test-dam.ts';

const exec = promisify(execFile);
const SSHD = '/usr/sbin/sshd';
/** The system user the tests sign in as: made once, never a person's account. */
const TEST_USER = 'rapid-sftp-test';

/** Why a real sshd cannot run here (undefined: it can). It needs root to run sshd and to make its test user. */
export const SSHD_SKIP_REASON = !existsSync(SSHD)
  ? `${SSHD} is missing: \`npm test\` installs Debian's openssh-server`
  : process.getuid?.() !== 0
    ? 'a real sshd and its test user need root (CI runs as root)'
    : undefined;

export interface RunningSshd {
  port: number;
  user: string;
  /** This run's password of the test user (set with chpasswd). */
  password: string;
  /** A private key (OpenSSH format) the test user may sign in with. */
  privateKey: string;
  /** A folder the test user owns: destinations go under it (absolute paths, no chroot). */
  data: string;
  /** The host key's fingerprint as `ssh-keygen -l` prints it (`SHA256:…`). */
  hostKey(): Promise<string>;
  /** Gives the server a new host key and starts it again on the same port (a reinstalled server). */
  newHostKey(): Promise<void>;
  close(): Promise<void>;
}

/** The test user, made with useradd when missing (no home, no shell), with a new random password for this run. */
async function testUser(password: string) {
  const exists = await exec('id', ['-u', TEST_USER]).then(
    () => true,
    () => false,
  );
  if (!exists)
    await exec('useradd', ['--system', '-M', '-d', '/nonexistent', '-s', '/usr/sbin/nologin', TEST_USER]);
  const chpasswd = spawn('chpasswd', [], { stdio: ['pipe', 'ignore', 'inherit'] });
  chpasswd.stdin.end(`${TEST_USER}:${password}\n`);
  const code = await new Promise((resolve) => chpasswd.once('exit', resolve));
  if (code !== 0) throw new Error(`chpasswd exited with ${code}`);
  const uid = Number((await exec('id', ['-u', TEST_USER])).stdout.trim());
  const gid = Number((await exec('id', ['-g', TEST_USER])).stdout.trim());
  return { uid, gid };
}

/**
 * A real OpenSSH sshd (Debian's) on 127.0.0.1 and a free port, from its own config in a temp folder: its own host key,
 * SFTP only (`internal-sftp`), one allowed user who signs in with a password or with the run's key
 * (AuthorizedKeysFile in the temp folder). Root only: see SSHD_SKIP_REASON.
 */
export async function startSshd(): Promise<RunningSshd> {
  if (SSHD_SKIP_REASON) throw new Error(SSHD_SKIP_REASON);
  const dir = await mkdtemp(join(tmpdir(), 'rapid-sshd-'));
  await chmod(dir, 0o755);
  const password = `Sftp-${randomBytes(12).toString('base64url')}`;
  const [{ uid, gid }, port] = await Promise.all([testUser(password), freePort()]);
  const data = join(dir, 'data');
  await mkdir(data);
  await chown(data, uid, gid);
  const hostKeyFile = join(dir, 'host_ed25519');
  const keygen = (file: string) =>
    exec('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-C', '', '-f', file]);
  await Promise.all([keygen(hostKeyFile), keygen(join(dir, 'client_ed25519'))]);
  await writeFile(join(dir, 'authorized_keys'), await readFile(join(dir, 'client_ed25519.pub')));
  const config = join(dir, 'sshd_config');
  await writeFile(
    config,
    [
      `Port ${port}`,
      'ListenAddress 127.0.0.1',
      `HostKey ${hostKeyFile}`,
      `PidFile ${join(dir, 'sshd.pid')}`,
      `AuthorizedKeysFile ${join(dir, 'authorized_keys')}`,
      `AllowUsers ${TEST_USER}`,
      'PermitRootLogin no',
      'PasswordAuthentication yes',
      'KbdInteractiveAuthentication no',
      'UsePAM no',
      'StrictModes no',
      'Subsystem sftp internal-sftp',
      'ForceCommand internal-sftp',
      'LogLevel FATAL',
      '',
    ].join('\n'),
  );
  // Debian's sshd wants its privilege-separation folder.
  await mkdir('/run/sshd', { recursive: true, mode: 0o755 });

  let child: ReturnType<typeof spawn> | undefined;
  const start = async () => {
    const started = spawn(SSHD, ['-D', '-e', '-f', config], { stdio: ['ignore', 'ignore', 'inherit'] });
    child = started;
    const exited = new Promise<never>((_, reject) =>
      started.once('exit', (code) => reject(new Error(`sshd exited with ${code}`))),
    );
    exited.catch(() => {});
    for (let waited = 0; waited < 10_000; waited += 50) {
      const open = await Promise.race([
        new Promise<boolean>((resolve) => {
          const socket = connect(port, '127.0.0.1', () => {
            socket.destroy();
            resolve(true);
          }).once('error', () => resolve(false));
        }),
        exited,
      ]);
      if (open) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('sshd did not listen within 10 s');
  };
  const stop = async () => {
    const running = child;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGTERM');
    await exited;
  };
  await start();
  return {
    port,
    user: TEST_USER,
    password,
    privateKey: await readFile(join(dir, 'client_ed25519'), 'utf8'),
    data,
    async hostKey() {
      const { stdout } = await exec('ssh-keygen', ['-l', '-E', 'sha256', '-f', `${hostKeyFile}.pub`]);
      return stdout.split(' ')[1] ?? '';
    },
    async newHostKey() {
      await stop();
      await rm(hostKeyFile);
      await rm(`${hostKeyFile}.pub`);
      await keygen(hostKeyFile);
      await start();
    },
    async close() {
      await stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
