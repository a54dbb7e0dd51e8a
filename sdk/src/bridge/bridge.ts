/** What the request handler asks of a bridge to the local client. */
export interface BridgeRequest {
  method: 'GET' | 'POST' | 'DELETE' | 'REVERT';
  /** Path under `/connect/…` (no `/v5` or `/v6` prefix); exact, trailing slashes included. */
  path: string;
  /** JSON text for POST, '' for GET. */
  body: string;
  /** Dialog calls wait for the user; the extension honours this per request. */
  timeoutMs?: number;
}

/** HTTP-like status (0 = the client did not answer) and the raw body text. */
export interface BridgeResponse {
  status: number;
  body: string;
}

export type BridgeKind = 'extension' | 'http' | 'safari' | 'plugin';
export type DetectProgress = 'RETRYING' | 'WAITING';

/**
 * One way of reaching the local client (extension, local HTTP, Safari, plug-in). The request handler owns the
 * status machine; a bridge only detects its transport, carries requests and reports that it lost the client.
 * A new bridge is a new folder under `bridge/` implementing this interface.
 */
export interface Bridge {
  readonly kind: BridgeKind;
  /**
   * Resolves true once the transport answers, false after `timeoutMs` (never, for -1) or on `signal`.
   * `onProgress` reports the HTTP bridges' intermediate states: RETRYING (client launched, sweeping again) and
   * WAITING (legacy protocol: client found, session key not yet accepted).
   */
  detect(
    timeoutMs: number,
    signal: AbortSignal,
    onProgress?: (status: DetectProgress) => void,
  ): Promise<boolean>;
  send(request: BridgeRequest, requestId: number): Promise<BridgeResponse>;
  /** The transport lost the client; `detail` is the browser's text. Returns the unsubscribe function. */
  onDisconnect(listener: (detail: string) => void): () => void;
  stop(): void;
}

/** Lazily built bridges, in the selection order of connect-bridge.md §4; absent ones do not apply here. */
export interface BridgeFactories {
  plugin?: () => Bridge;
  extension?: () => Bridge;
  http?: () => Bridge;
}
