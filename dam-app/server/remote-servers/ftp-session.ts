import { Client } from 'basic-ftp';
import { MESSAGES } from '../../api/messages.ts';
import { ApiError } from '../api/api-error.ts';

export interface RemoteLogin {
  protocol: 'ftp' | 'ftps';
  host: string;
  port: number;
  username: string;
  password: string;
}

/** How long a connection may stay silent (connect, sign-in, a data transfer that stalls). */
const TIMEOUT_MS = 15_000;

/** The R-REMOTE-SERVERS connection text for any failure to reach or sign in to the server; the reason stays in `message`. */
export const remoteUnreachable = (reason: string) =>
  new ApiError(502, 'remote_unreachable', MESSAGES.remoteConnectFailed, `Cannot connect: ${reason}`);

/**
 * Runs `work` on a signed-in FTP (or explicit FTPS, certificate checked) connection, closed afterwards. A failure to
 * connect or sign in is `remote_unreachable` with the spec's text; what fails inside `work` is thrown as it is.
 */
export async function withFtp<T>(login: RemoteLogin, work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client(TIMEOUT_MS);
  try {
    try {
      await client.access({
        host: login.host,
        port: login.port,
        user: login.username,
        password: login.password,
        secure: login.protocol === 'ftps',
      });
    } catch (error) {
      throw remoteUnreachable((error as Error).message);
    }
    return await work(client);
  } finally {
    client.close();
  }
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
