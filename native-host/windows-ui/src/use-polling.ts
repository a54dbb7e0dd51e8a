import { useEffect, useState } from 'react';

/** Loads now and every `intervalMs`; the latest value or error. */
export function usePolling<T>(load: () => Promise<T>, intervalMs: number) {
  const [value, setValue] = useState<T>();
  const [error, setError] = useState<string>();
  useEffect(() => {
    let live = true;
    const tick = () =>
      load().then(
        (next) => {
          if (!live) return;
          setValue(next);
          setError(undefined);
        },
        (failure: Error) => live && setError(failure.message),
      );
    void tick();
    const timer = setInterval(tick, intervalMs);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [load, intervalMs]);
  return { value, error };
}
