import { isIP } from 'node:net';
import { connect, type TLSSocket } from 'node:tls';
import { SessionError, sessionError } from '../session/session-types.ts';

const CONNECT_TIMEOUT_MS = 15_000;

const normalizeFingerprint = (value: string) => value.replaceAll(':', '').toLowerCase();

/**
 * Opens the TLS control channel (PROTOCOL.md §1.1). With `sshfp` the node's certificate is pinned by its SHA-256
 * fingerprint (nodes usually have self-signed certificates); without it the system CAs decide.
 */
export function connectControl(
  host: string,
  port: number,
  sshfp: string | null | undefined,
): Promise<TLSSocket> {
  return new Promise((resolve, reject) => {
    const socket = connect({
      host,
      port,
      ...(isIP(host) ? {} : { servername: host }),
      rejectUnauthorized: !sshfp,
      minVersion: 'TLSv1.2',
    });
    const timer = setTimeout(() => {
      socket.destroy();
      reject(sessionError(15, `no answer from ${host}:${port}`));
    }, CONNECT_TIMEOUT_MS);
    socket.once('secureConnect', () => {
      clearTimeout(timer);
      if (
        sshfp &&
        normalizeFingerprint(socket.getPeerCertificate().fingerprint256 ?? '') !== normalizeFingerprint(sshfp)
      ) {
        socket.destroy();
        reject(new SessionError(51, 'the node certificate does not match sshfp', false));
        return;
      }
      socket.setNoDelay(true);
      resolve(socket);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      reject(
        sessionError(
          error.code === 'ECONNREFUSED' ? 15 : 12,
          `control connection to ${host}:${port}: ${error.message}`,
        ),
      );
    });
  });
}
