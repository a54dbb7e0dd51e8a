import type { FileProgress, SessionError } from '../session/session-types.ts';
import type { NodeSession, NodeTransfer } from './transfer-store.ts';

/** Only a transfer's newest session speaks for the job (a UDP attempt that gave way to HTTPS must not). */
const isLatest = (transfer: NodeTransfer, session: NodeSession) => transfer.sessions.at(-1) === session;

/** A session that ran to its end: completed, or failed / partially completed by its files (node-api.md §3.6). */
export function finishSession(transfer: NodeTransfer, session: NodeSession, files: FileProgress[]): void {
  const failed = files.filter((file) => file.status === 'failed');
  session.status = failed.length === files.length && files.length > 0 ? 'failed' : 'completed';
  const first = failed[0];
  if (first) {
    session.errorCode = first.errorCode;
    session.errorDesc = first.errorDesc;
  }
  if (!isLatest(transfer, session)) return;
  transfer.endMs = Date.now();
  if (!first) {
    transfer.status = 'completed';
    return;
  }
  transfer.status = failed.length === files.length ? 'failed' : 'partially_completed';
  transfer.errorCode = first.errorCode;
  transfer.errorDesc = first.errorDesc;
}

/** A session that broke off: retryable failures leave the job `waiting` for the client's next attempt. */
export function failSession(transfer: NodeTransfer, session: NodeSession, failure: SessionError): void {
  session.status = 'failed';
  session.errorCode = failure.code;
  session.errorDesc = failure.message;
  if (!isLatest(transfer, session)) return;
  transfer.status = failure.code === 28 ? 'canceled' : failure.retryable ? 'waiting' : 'failed';
  transfer.errorCode = failure.code;
  transfer.errorDesc = failure.message;
  if (!failure.retryable) transfer.endMs = Date.now();
}
