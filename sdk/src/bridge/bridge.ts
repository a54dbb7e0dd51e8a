/** What the request handler asks of a bridge to the local client. */
export interface BridgeRequest {
  method: 'GET' | 'POST' | 'DELETE' | 'REVERT';
  /** Path under `/connect/…` (no `/v5` or `/v6` prefix). */
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

/**
 * One way of reaching the local client (extension, local HTTP, Safari, plug-in). The request handler owns the
 * status machine; a bridge only detects its transport, carries requests and reports that it lost the client.
 */
export interface Bridge {
  readonly kind: 'extension' | 'http' | 'safari' | 'plugin';
  /** Resolves true once the transport answers, false after `timeoutMs` (never, for -1) or on `signal`. */
  detect(timeoutMs: number, signal: AbortSignal): Promise<boolean>;
  send(request: BridgeRequest, requestId: number): Promise<BridgeResponse>;
  /** The transport lost the client; `detail` is the browser's text. Returns the unsubscribe function. */
  onDisconnect(listener: (detail: string) => void): () => void;
  stop(): void;
}
