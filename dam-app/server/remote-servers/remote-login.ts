import { MESSAGES } from '../../api/messages.ts';
import type { RemoteProtocol } from '../../api/remote-servers.ts';
import { ApiError } from '../api/api-error.ts';

/** What a connection needs: the server's address and sign-in, its secrets opened. */
export interface RemoteLogin {
  protocol: RemoteProtocol;
  host: string;
  port: number;
  username: string;
  /** Undefined: an SFTP server that signs in with its key alone. */
  password: string | undefined;
  /** R-REMOTE-SFTP: the private key an SFTP server signs in with, if any. */
  privateKey?: string | undefined;
  /** R-REMOTE-SFTP: the host key recorded at the first connection (`SHA256:…`); null: none yet, take what comes. */
  hostKey?: string | null;
}

/** How long a connection may stay silent (connect, sign-in, a data transfer that stalls). */
export const REMOTE_TIMEOUT_MS = 15_000;

/** The R-REMOTE-SERVERS connection text for any failure to reach or sign in to the server; the reason stays in `message`. */
export const remoteUnreachable = (reason: string) =>
  new ApiError(502, 'remote_unreachable', MESSAGES.remoteConnectFailed, `Cannot connect: ${reason}`);

/** R-REMOTE-SFTP: the server showed another host key than the one recorded: never connected to. */
export const hostKeyChanged = (recorded: string, shown: string) =>
  new ApiError(
    502,
    'remote_host_key_changed',
    MESSAGES.remoteHostKeyChanged,
    `The host key is ${shown}; ${recorded} was recorded`,
  );
