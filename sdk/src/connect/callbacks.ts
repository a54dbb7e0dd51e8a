/**
 * The public SDK's callback style: `{success, error}`; every method also returns a promise.
 *
 * @example connect.version({ success: (info) => console.log(info.version), error: (e) => console.error(e) });
 */
export interface Callbacks<T> {
  /** Called with the client's answer. */
  success?: (value: T) => void;
  /** Called with a {@link ConnectError} (or a stopped/not-initialised error object) when the request fails. */
  error?: (error: unknown) => void;
}

export function settle<T>(promise: Promise<T>, callbacks?: Callbacks<T>): Promise<T> {
  promise.then(
    (value) => callbacks?.success?.(value),
    (error) => callbacks?.error?.(error),
  );
  return promise;
}
