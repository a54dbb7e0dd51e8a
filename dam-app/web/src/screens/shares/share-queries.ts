import { useQuery } from '@tanstack/react-query';
import { listShares } from '../../../../api/contract/shares-endpoints.ts';
import { api } from '../../api/api-client.ts';

export const SHARE_KEYS = { list: ['shares'] as const };

export const useShares = () =>
  useQuery({ queryKey: SHARE_KEYS.list, queryFn: ({ signal }) => api.call(listShares, { signal }) });

/** The date `days` ahead of today where the person is, as `YYYY-MM-DD`. */
export function localDate(days: number, now = new Date()): string {
  const at = new Date(now.getFullYear(), now.getMonth(), now.getDate() + days);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}

/** The day a share ends on, where the person is (it ends at the end of that day). */
export const expiryDay = (expiresAt: string) => localDate(0, new Date(expiresAt));

/** The person's offset from UTC in minutes, east positive, as the server reads it. */
export const utcOffsetMinutes = () => -new Date().getTimezoneOffset();
