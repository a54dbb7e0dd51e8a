import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { type SessionView, sessionSchema } from '../../../api/accounts.ts';
import { api } from './api-client.ts';
import { ApiFailure } from './api-failure.ts';

export const SESSION_KEY = ['session'] as const;

export interface SessionState {
  session: SessionView | null;
  /** The browser's session cookie had timed out when the app started (spec §8). */
  timedOut: boolean;
}

/** The signed-in person (or nobody). 401 is an answer here, not an error. */
export function useSession() {
  return useQuery({
    queryKey: SESSION_KEY,
    queryFn: async ({ signal }): Promise<SessionState> => {
      try {
        const session = await api.get('/session', sessionSchema, signal);
        api.csrfToken = session.csrfToken;
        return { session, timedOut: false };
      } catch (error) {
        if (error instanceof ApiFailure && error.status === 401)
          return { session: null, timedOut: error.code === 'session_timeout' };
        throw error;
      }
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
