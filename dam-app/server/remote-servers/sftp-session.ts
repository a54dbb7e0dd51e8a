import { createHash } from 'node:crypto';
import ssh2, { type SFTPWrapper } from 'ssh2';
import { hostKeyChanged, REMOTE_TIMEOUT_MS, type RemoteLogin, remoteUnreachable } from './remote-login.ts';
import type { RemoteEntry, RemoteSession } from './remote-session.ts';

const S_IFMT = 0o170000;
const S_IFREG = 0o100000;

/** R-REMOTE-SFTP: a host key as OpenSSH prints it (`ssh-keygen -l`): `SHA256:` and the unpadded base64 digest. */
export const hostKeyFingerprint = (key: Buffer) =>
  `SHA256:${createHash('sha256').update(key).digest('base64').replace(/=+$/, '')}`;

/** The problem with a private key an administrator pasted, or undefined when ssh2 can sign with it. */
export function privateKeyProblem(key: string): string | undefined {
  const parsed = ssh2.utils.parseKey(key);
  if (parsed instanceof Error) return parsed.message;
  const first = Array.isArray(parsed) ? parsed[0] : parsed;
  return first?.isPrivateKey() ? undefined : 'not a private key';
}

/**
 * R-REMOTE-SFTP: a signed-in SFTP session (ssh2, an SSH client in plain JavaScript). The host key is checked before
 * any secret is sent: one other than the recorded key refuses with its own text; with none recorded, the key shown is
 * answered in `hostKey` for the caller to record. Any other failure to connect or sign in is `remote_unreachable`.
 */
export function openSftp(login: RemoteLogin): Promise<RemoteSession> {
  const client = new ssh2.Client();
  let shown: string | null = null;
  return new Promise<RemoteSession>((resolve, reject) => {
    const fail = (error: Error) => {
      client.end();
      reject(
        shown && login.hostKey && shown !== login.hostKey
          ? hostKeyChanged(login.hostKey, shown)
          : remoteUnreachable(error.message),
      );
    };
    client.once('error', fail);
    client.once('ready', () => {
      client.sftp((error, sftp) => {
        if (error) return fail(error);
        client.removeListener('error', fail);
        // A dropped connection later fails the call in flight, not the process.
        client.on('error', () => {});
        resolve(sftpSession(client, sftp, shown));
      });
    });
    client.connect({
      host: login.host,
      port: login.port,
      username: login.username,
      ...(login.password === undefined ? {} : { password: login.password }),
      ...(login.privateKey ? { privateKey: login.privateKey } : {}),
      readyTimeout: REMOTE_TIMEOUT_MS,
      // A server gone silent mid-transfer ends the connection (and fails the call in flight) within the timeout.
      keepaliveInterval: REMOTE_TIMEOUT_MS / 3,
      keepaliveCountMax: 3,
      hostVerifier: (key: Buffer) => {
        shown = hostKeyFingerprint(key);
        return !login.hostKey || login.hostKey === shown;
      },
    });
  });
}

const call = <T>(run: (done: (error: Error | null | undefined, value?: T) => void) => void) =>
  new Promise<T>((resolve, reject) => run((error, value) => (error ? reject(error) : resolve(value as T))));

function sftpSession(client: ssh2.Client, sftp: SFTPWrapper, hostKey: string | null): RemoteSession {
  const isDir = (path: string) =>
    call<ssh2.Stats>((done) => sftp.stat(path, done)).then(
      (stats) => stats.isDirectory(),
      () => false,
    );
  return {
    hostKey,
    async ensureDir(path) {
      let at = '';
      for (const part of path.split('/').filter(Boolean)) {
        at = `${at}/${part}`;
        if (!(await isDir(at))) await call((done) => sftp.mkdir(at, done));
      }
    },
    async checkDir(path) {
      if (!(await isDir(path))) throw new Error(`${path} is not a folder`);
    },
    async list(path) {
      const entries = await call<{ filename: string; attrs: { mode: number; size: number } }[]>((done) =>
        sftp.readdir(path, done),
      );
      return entries.map(
        (entry): RemoteEntry => ({
          name: entry.filename,
          size: entry.attrs.size,
          isFile: (entry.attrs.mode & S_IFMT) === S_IFREG,
        }),
      );
    },
    upload: (localFile, remoteFile, progress) =>
      call((done) => sftp.fastPut(localFile, remoteFile, { step: (sent) => progress(sent) }, done)),
    download: (remoteFile, localFile, progress) =>
      call((done) => sftp.fastGet(remoteFile, localFile, { step: (got) => progress(got) }, done)),
    close: () => client.end(),
  };
}
