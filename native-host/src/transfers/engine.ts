import type { AuthSpec, RateChange, TransferSpec } from '@rapid/protocol';

/** What the daemon hands the engine: the spec plus where downloads land. */
export interface EngineTransfer {
  /** The record's uuid; stop and modifyRate address the transfer by it. */
  id: string;
  spec: TransferSpec;
  /** Absolute folder that relative download destinations resolve against. */
  downloadFolder: string;
}

export interface EngineFile {
  file: string;
  bytes_expected: number;
  bytes_written: number;
}

/** Events the engine reports for one run of one transfer, in order; `completed` or `failed` ends the run. */
export type EngineEvent =
  | { type: 'started'; transport?: 'fasp' | 'http' }
  | {
      type: 'progress';
      bytes_written: number;
      bytes_expected: number;
      rate_kbps: number;
      current_file: string;
      files: EngineFile[];
    }
  | { type: 'file-done'; file: string; outcome: 'completed' | 'failed' | 'skipped' }
  | { type: 'completed' }
  | { type: 'failed'; code: number; description: string; retryable: boolean };

export type EngineListener = (event: EngineEvent) => void;

/**
 * The transfer protocol's client side, as the daemon sees it. The daemon owns records, queueing and persistence;
 * the engine moves bytes and reports. Implemented by the transfer engine (`transfer/`), injected at start-up.
 */
export interface TransferEngine {
  /** Starts moving bytes; events arrive on `listener` until `completed` or `failed`. */
  start(transfer: EngineTransfer, listener: EngineListener): void;
  /** Like start, but keeps what earlier runs already wrote (the spec's `resume` policy decides how). */
  resume(transfer: EngineTransfer, listener: EngineListener): void;
  /** Ends the run; no more events follow once the promise resolves. */
  stop(id: string): Promise<void>;
  modifyRate(id: string, rate: RateChange): Promise<void>;
  /** Checks credentials against the remote host without transferring anything. */
  authenticate(auth: AuthSpec): Promise<void>;
}

/** A failure the engine reports with the ascp error code (node-api.md §9). */
export class EngineError extends Error {
  override name = 'EngineError';
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}
