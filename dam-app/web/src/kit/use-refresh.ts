import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';

/** Loads the named lists again after a change (each key and the keys below it). */
export function useRefresh() {
  const client = useQueryClient();
  return useCallback(
    (keys: readonly QueryKey[]) => {
      for (const queryKey of keys) void client.invalidateQueries({ queryKey });
    },
    [client],
  );
}
