/** The public SDK's callback style: `{success, error}`; every method also returns a promise. */
export interface Callbacks<T> {
  success?: (value: T) => void;
  error?: (error: unknown) => void;
}

export function settle<T>(promise: Promise<T>, callbacks?: Callbacks<T>): Promise<T> {
  promise.then(
    (value) => callbacks?.success?.(value),
    (error) => callbacks?.error?.(error),
  );
  return promise;
}
