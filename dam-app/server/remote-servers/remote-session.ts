import { openFtp } from './ftp-session.ts';
import type { RemoteLogin } from './remote-login.ts';
import { openSftp } from './sftp-session.ts';

/** A file or folder of a remote listing. */
export interface RemoteEntry {
  name: string;
  size: number;
  isFile: boolean;
}

/** Called with the bytes of the current file sent or received so far. */
export type Progress = (bytes: number) => void;

/** One signed-in connection to a remote server, whatever its protocol; paths are absolute, `/`-separated. */
export interface RemoteSession {
  /** R-REMOTE-SFTP: the `SHA256:…` host key the server showed (null for FTP). */
  readonly hostKey: string | null;
  /** Makes the folder and the ones above it when missing. */
  ensureDir(path: string): Promise<void>;
  /** Throws when the folder is not there (or cannot be entered). */
  checkDir(path: string): Promise<void>;
  list(path: string): Promise<RemoteEntry[]>;
  upload(localFile: string, remoteFile: string, progress: Progress): Promise<void>;
  download(remoteFile: string, localFile: string, progress: Progress): Promise<void>;
  close(): void;
}

/**
 * Runs `work` on a signed-in session to the server (FTP, explicit FTPS or SFTP), closed afterwards. A failure to
 * connect or sign in is `remote_unreachable` with the spec's text (a changed SFTP host key its own refusal); what
 * fails inside `work` is thrown as it is.
 */
export async function withRemote<T>(login: RemoteLogin, work: (session: RemoteSession) => Promise<T>) {
  const session = login.protocol === 'sftp' ? await openSftp(login) : await openFtp(login);
  try {
    return await work(session);
  } finally {
    session.close();
  }
}
