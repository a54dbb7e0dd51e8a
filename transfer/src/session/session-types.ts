import type { ControlMessage } from '@rapid/protocol';

export type FileStatus = 'queued' | 'transferring' | 'completed' | 'failed' | 'skipped';

/** Per-file progress both ends keep; the engine and the node turn it into their records. */
export interface FileProgress {
  index: number;
  /** Destination-relative path as offered. */
  path: string;
  size: number;
  /** Bytes already present from an earlier session (resume point). */
  startByte: number;
  bytesWritten: number;
  status: FileStatus;
  errorCode: number;
  errorDesc: string;
  checksum: string | null;
  startMs: number;
  endMs: number;
}

export interface SessionCounters {
  /** New payload bytes moved over the network in this session (retransmissions excluded). */
  bytesTransferred: number;
  /** Payload bytes sent again after a loss. */
  bytesLost: number;
  /** Bytes of the session's files on disk at the receiver, resumed bytes included. */
  bytesWritten: number;
  bytesExpected: number;
  /** Current sending rate (sender) or receive rate (receiver), kbit/s. */
  rateKbps: number;
}

/** The datagram side a session sends through; the owner routes incoming datagrams to `onDatagram`. */
export interface DataLink {
  /** One datagram given as its parts (header, payload, trailer), sent with one gather write. */
  send(parts: Buffer[]): void;
  /** Datagrams waiting in the socket's user-space queue (back-pressure). */
  backlog(): number;
}

export interface ControlPort {
  send(message: ControlMessage): void;
}

export class SessionError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
  }
}

/** Retryability of node-api.md §9 codes. */
const RETRYABLE = new Set([12, 13, 14, 15, 16, 17, 18, 23, 32, 33, 35, 36, 37, 39, 40, 44, 45, 61]);
export const isRetryableCode = (code: number) => RETRYABLE.has(code);
export const sessionError = (code: number, message: string) =>
  new SessionError(code, message, isRetryableCode(code));

/** The failure a peer's `cancel` or `error` control message means for this end; the code table has the last word. */
export function peerFailure(
  message: { t: 'cancel'; code: number } | { t: 'error'; code: number; desc: string; retryable: boolean },
): SessionError {
  if (message.t === 'cancel') return new SessionError(message.code, 'cancelled by the peer', false);
  return new SessionError(message.code, message.desc, message.retryable && isRetryableCode(message.code));
}

export const nowUs32 = () => Math.floor(performance.now() * 1000) >>> 0;
