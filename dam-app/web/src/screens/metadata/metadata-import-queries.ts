import { useQuery } from '@tanstack/react-query';
import { listMetadataImports } from '../../../../api/contract/metadata-io-endpoints.ts';
import { api } from '../../api/api-client.ts';

export const IMPORT_KEYS = { imports: ['metadata-imports'] } as const;

/** The person's imports; asked again every second while one is still starting (its job is running). */
export const useMetadataImports = () =>
  useQuery({
    queryKey: IMPORT_KEYS.imports,
    queryFn: ({ signal }) => api.call(listMetadataImports, { signal }),
    refetchInterval: (query) => (query.state.data?.some((each) => each.state === 'starting') ? 1000 : false),
  });
