/**
 * Public statuses (`Connect.STATUS`): value equals name (connect-protocol.md §4.1).
 *
 * @example connect.addEventListener(EVENT.STATUS, (_t, s) => s === STATUS.EXTENSION_INSTALL && installer.startExtensionInstall());
 */
export const STATUS = {
  /** Looking for the client (the first status, and the one rendered on the server). */
  INITIALIZING: 'INITIALIZING',
  /** The client stopped answering; the SDK is looking for it again. */
  RETRYING: 'RETRYING',
  /** The client answered: requests go out (queued ones first). */
  RUNNING: 'RUNNING',
  /** The client is older than `minVersion` (or the 3.8.0 secure minimum). */
  OUTDATED: 'OUTDATED',
  /** No client answered within `connectLaunchWaitTimeoutMs`: it is not installed or not running. */
  FAILED: 'FAILED',
  /** The browser extension is missing or disabled. */
  EXTENSION_INSTALL: 'EXTENSION_INSTALL',
} as const;

/**
 * One of {@link STATUS}'s values.
 *
 * @example const status: PublicStatus = connect.getStatus();
 */
export type PublicStatus = (typeof STATUS)[keyof typeof STATUS];

/** The request handler's own statuses (connect-bridge.md §4): three more than the public ones. */
export type InternalStatus = PublicStatus | 'STOPPED' | 'WAITING' | 'DEGRADED';

/** Waiting changes nothing; the other internal-only statuses look RUNNING from outside (connect-bridge.md §4). */
export function toPublicStatus(status: InternalStatus, previous: PublicStatus): PublicStatus {
  if (status === 'WAITING') return previous;
  if (status === 'STOPPED' || status === 'DEGRADED') return STATUS.RUNNING;
  return status;
}

/**
 * Event types of `addEventListener` (`Connect.EVENT`).
 *
 * @example connect.addEventListener(EVENT.ALL, (type, data) => console.log(type, data));
 */
export const EVENT = {
  /** Both status changes and transfer activity. */
  ALL: 'all',
  /** Transfer activity: data is the latest {@link AllTransfersInfo}; listening starts polling. */
  TRANSFER: 'transfer',
  /** Status changes: data is the new {@link PublicStatus}. */
  STATUS: 'status',
} as const;

/**
 * One of {@link EVENT}'s values.
 *
 * @example const type: EventType = 'transfer';
 */
export type EventType = (typeof EVENT)[keyof typeof EVENT];

/**
 * The statuses of a transfer (`Connect.TRANSFER_STATUS`, connect-protocol.md §11.4), in
 * {@link TransferInfo.status}. A transfer goes `initiating → (queued) → running → (willretry → running)… →
 * completed | failed | cancelled`.
 *
 * @example const active = transfers.filter((t) => t.status === TRANSFER_STATUS.RUNNING);
 */
export const TRANSFER_STATUS = {
  /** Stopped by the user or the page; partial files stay and `resumeTransfer` continues it. */
  CANCELLED: 'cancelled',
  /** Every byte arrived and was checked. */
  COMPLETED: 'completed',
  /** Ended by an error that retries did not cure; `error_desc` says why. */
  FAILED: 'failed',
  /** Accepted by the client, connecting to the node. */
  INITIATING: 'initiating',
  /** Waiting for a free slot (the client runs a few at a time). */
  QUEUED: 'queued',
  /** Removed from the client's list. */
  REMOVED: 'removed',
  /** Moving bytes. */
  RUNNING: 'running',
  /** Failed with a retryable error; the client retries after a back-off. */
  WILLRETRY: 'willretry',
} as const;

/**
 * One of {@link TRANSFER_STATUS}'s values.
 *
 * @example const status = info.status as TransferStatus;
 */
export type TransferStatus = (typeof TRANSFER_STATUS)[keyof typeof TRANSFER_STATUS];

/**
 * `Connect.HTTP_METHOD`: the verbs of the Drive API; REVERT is its own.
 *
 * @example HTTP_METHOD.GET; // 'GET'
 */
export const HTTP_METHOD = {
  /** Read. */
  GET: 'GET',
  /** Create or change. */
  POST: 'POST',
  /** Delete. */
  DELETE: 'DELETE',
  /** Drive: undo a checkout. */
  REVERT: 'REVERT',
} as const;

/**
 * One of {@link HTTP_METHOD}'s values.
 *
 * @example const method: HttpMethod = 'POST';
 */
export type HttpMethod = (typeof HTTP_METHOD)[keyof typeof HTTP_METHOD];
