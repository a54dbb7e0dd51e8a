/** Options of `new AW4.Connect(options)`; names and defaults of the public SDK (connect-bridge.md §9). */
export interface ConnectOptions {
  /** Application id; generated and remembered when absent. */
  id?: string;
  /** Oldest client version this page accepts; never lowers the 3.8.0 secure minimum. @default '' */
  minVersion?: string;
  /** How long initialisation may take before the status becomes FAILED. @default 5000 */
  connectLaunchWaitTimeoutMs?: number;
  /** Timeout for dialog requests through the extension. @default 86400000 */
  extensionRequestTimeout?: number;
}

export interface ResolvedOptions {
  id?: string;
  minVersion: string;
  connectLaunchWaitTimeoutMs: number;
  extensionRequestTimeout?: number;
}

export function resolveOptions(options: ConnectOptions = {}): ResolvedOptions {
  return {
    ...options,
    minVersion: options.minVersion ?? '',
    connectLaunchWaitTimeoutMs: options.connectLaunchWaitTimeoutMs ?? 5000,
  };
}
