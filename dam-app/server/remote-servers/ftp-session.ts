import { Client } from 'basic-ftp';
import { REMOTE_TIMEOUT_MS, type RemoteLogin, remoteUnreachable } from './remote-login.ts';
import type { Progress, RemoteSession } from './remote-session.ts';

/** A signed-in FTP (or explicit FTPS, certificate checked) session; a failure to connect or sign in is `remote_unreachable`. */
export async function openFtp(login: RemoteLogin): Promise<RemoteSession> {
  const client = new Client(REMOTE_TIMEOUT_MS);
  try {
    await client.access({
      host: login.host,
      port: login.port,
      user: login.username,
      password: login.password ?? '',
      secure: login.protocol === 'ftps',
    });
  } catch (error) {
    client.close();
    throw remoteUnreachable((error as Error).message);
  }
  const tracked = async (progress: Progress, transfer: () => Promise<unknown>) => {
    client.trackProgress((info) => progress(info.bytes));
    try {
      await transfer();
    } finally {
      client.trackProgress();
    }
  };
  return {
    hostKey: null,
    ensureDir: (path) => client.ensureDir(path),
    checkDir: async (path) => {
      await client.cd(path);
    },
    list: async (path) =>
      (await client.list(path)).map((entry) => ({
        name: entry.name,
        size: entry.size,
        isFile: entry.isFile,
      })),
    upload: (localFile, remoteFile, progress) =>
      tracked(progress, () => client.uploadFrom(localFile, remoteFile)),
    download: (remoteFile, localFile, progress) =>
      tracked(progress, () => client.downloadTo(localFile, remoteFile)),
    close: () => client.close(),
  };
}

/** R-REMOTE-PC-FORMAT: a name Windows accepts — its reserved characters and trailing dots or spaces become `_`. */
export function pcName(name: string): string {
  const safe = Array.from(name, (char) =>
    char.charCodeAt(0) < 0x20 || '<>:"/\\|?*'.includes(char) ? '_' : char,
  )
    .join('')
    .replace(/[. ]+$/, (tail) => '_'.repeat(tail.length));
  return /^(con|prn|aux|nul|com[1-9]|lpt[1-9])(\.|$)/i.test(safe) ? `_${safe}` : safe;
}

/** The remote folder: the server's destination, then the asked path under it, `/`-joined. */
export function remoteFolder(destination: string, path = ''): string {
  const parts = [...destination.split('/'), ...path.split('/')].filter((part) => part && part !== '.');
  return `/${parts.join('/')}`;
}
