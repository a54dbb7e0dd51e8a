import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { SessionView } from '../../../api/accounts.ts';
import { getSessionState } from '../../../api/contract/access-endpoints.ts';
import { api } from './api-client.ts';

export const SESSION_KEY = ['session'] as const;

export interface SessionState {
  session: SessionView | null;
  /** The browser's session cookie had timed out when the app started (R-SESSION-TIMEOUT). */
  timedOut: boolean;
}

/** The signed-in person (or nobody): asked in a way that answers 200 either way, so a fresh load logs no 401. */
export function useSession() {
  return useQuery({
    queryKey: SESSION_KEY,
    queryFn: async ({ signal }): Promise<SessionState> => {
      const state = await api.call(getSessionState, { signal });
      api.csrfToken = state.session?.csrfToken;
      return state;
    },
    staleTime: 60_000,
    retry: false,
  });
}

/** Puts a session the server just answered with (login, ACL switch, admin mode) in place. */
export function useSetSession() {
  const client = useQueryClient();
  return useCallback(
    (session: SessionView | null) => {
      api.csrfToken = session?.csrfToken;
      if (session === null) client.clear();
      client.setQueryData<SessionState>(SESSION_KEY, { session, timedOut: false });
    },
    [client],
  );
}
