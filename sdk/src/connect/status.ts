/** Public statuses (`Connect.STATUS`): value equals name (connect-protocol.md §4.1). */
export const STATUS = {
  INITIALIZING: 'INITIALIZING',
  RETRYING: 'RETRYING',
  RUNNING: 'RUNNING',
  OUTDATED: 'OUTDATED',
  FAILED: 'FAILED',
  EXTENSION_INSTALL: 'EXTENSION_INSTALL',
} as const;
export type PublicStatus = (typeof STATUS)[keyof typeof STATUS];

/** The request handler's own statuses (connect-bridge.md §4): three more than the public ones. */
export type InternalStatus = PublicStatus | 'STOPPED' | 'WAITING' | 'DEGRADED';

/** Waiting changes nothing; the other internal-only statuses look RUNNING from outside (connect-bridge.md §4). */
export function toPublicStatus(status: InternalStatus, previous: PublicStatus): PublicStatus {
  if (status === 'WAITING') return previous;
  if (status === 'STOPPED' || status === 'DEGRADED') return STATUS.RUNNING;
  return status;
}

export const EVENT = { ALL: 'all', TRANSFER: 'transfer', STATUS: 'status' } as const;
export type EventType = (typeof EVENT)[keyof typeof EVENT];

/** `Connect.TRANSFER_STATUS` (connect-protocol.md §11.4). */
export const TRANSFER_STATUS = {
  CANCELLED: 'cancelled',
  COMPLETED: 'completed',
  FAILED: 'failed',
  INITIATING: 'initiating',
  QUEUED: 'queued',
  REMOVED: 'removed',
  RUNNING: 'running',
  WILLRETRY: 'willretry',
} as const;
export type TransferStatus = (typeof TRANSFER_STATUS)[keyof typeof TRANSFER_STATUS];

/** `Connect.HTTP_METHOD`: REVERT is the Drive API's own verb. */
export const HTTP_METHOD = { GET: 'GET', POST: 'POST', DELETE: 'DELETE', REVERT: 'REVERT' } as const;
export type HttpMethod = (typeof HTTP_METHOD)[keyof typeof HTTP_METHOD];
