import { useQuery } from '@tanstack/react-query';
import { getHome } from '../../../../api/contract/home-endpoints.ts';
import { api } from '../../api/api-client.ts';

export const HOME_KEY = ['home'] as const;

/** Home's four lists (R-HOME); asking records the visit, so it is asked once per opening, not on each focus. */
export const useHome = () =>
  useQuery({
    queryKey: HOME_KEY,
    queryFn: ({ signal }) => api.call(getHome, { signal }),
    refetchOnWindowFocus: false,
  });
