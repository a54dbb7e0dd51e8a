import { useQuery } from '@tanstack/react-query';
import { getPlatformSettings } from '../../../api/contract/platform-settings-endpoints.ts';
import { api } from './api-client.ts';

/** The cache key of the platform settings: the transfer flows read them, the administration changes them. */
export const PLATFORM_SETTINGS_KEY = ['platform-settings'] as const;

/** R-PLATFORM-SETTINGS as the signed-in page reads them. */
export const usePlatformSettingsQuery = () =>
  useQuery({
    queryKey: PLATFORM_SETTINGS_KEY,
    queryFn: ({ signal }) => api.call(getPlatformSettings, { signal }),
    staleTime: 60_000,
  });
