import { type QueryClient, useQuery } from '@tanstack/react-query';
import { getAsset, listTrash } from '../../../../api/contract/assets-endpoints.ts';
import { folderTree } from '../../../../api/contract/folders-endpoints.ts';
import { listLoadingDocks } from '../../../../api/contract/loading-dock-endpoints.ts';
import { listVersions } from '../../../../api/contract/versions-endpoints.ts';
import {
  listCartAssets,
  listCarts,
  listCollectionAssets,
  listCollections,
} from '../../../../api/contract/working-sets-endpoints.ts';
import { api } from '../../api/api-client.ts';
import { ASSET_KEYS, LIBRARY_KEY } from '../../api/query-keys.ts';

export { ASSET_KEYS } from '../../api/query-keys.ts';

/** How often an open, checked-out asset is fetched again. */
export const LOCK_POLL_MS = 10_000;

export const useAsset = (id: number) =>
  useQuery({
    queryKey: ASSET_KEYS.asset(id),
    queryFn: ({ signal }) => api.call(getAsset, { params: { id }, signal }),
    retry: false,
    // While someone holds the lock, everyone looking sees it end without reloading.
    refetchInterval: (query) => (query.state.data?.checkedOutBy ? LOCK_POLL_MS : false),
  });
export const useVersions = (id: number) =>
  useQuery({
    queryKey: ASSET_KEYS.versions(id),
    queryFn: ({ signal }) => api.call(listVersions, { params: { id }, signal }),
  });
export const useFolderTree = (enabled = true) =>
  useQuery({
    queryKey: ASSET_KEYS.tree,
    queryFn: ({ signal }) => api.call(folderTree, { signal }),
    enabled,
  });
export const useTrash = (enabled = true) =>
  useQuery({
    queryKey: ASSET_KEYS.trash,
    queryFn: ({ signal }) => api.call(listTrash, { signal }),
    enabled,
  });
export const useCarts = () =>
  useQuery({
    queryKey: ASSET_KEYS.carts,
    queryFn: ({ signal }) => api.call(listCarts, { signal }),
  });
export const useCartAssets = (id: number | undefined) =>
  useQuery({
    queryKey: ASSET_KEYS.cartAssets(id ?? 0),
    queryFn: ({ signal }) => api.call(listCartAssets, { params: { id: id ?? 0 }, signal }),
    enabled: id !== undefined,
  });
export const useCollections = () =>
  useQuery({
    queryKey: ASSET_KEYS.collections,
    queryFn: ({ signal }) => api.call(listCollections, { signal }),
  });
export const useCollectionAssets = (id: number) =>
  useQuery({
    queryKey: ASSET_KEYS.collectionAssets(id),
    queryFn: ({ signal }) => api.call(listCollectionAssets, { params: { id }, signal }),
  });
export const useLoadingDock = () =>
  useQuery({
    queryKey: ASSET_KEYS.loadingDock,
    queryFn: ({ signal }) => api.call(listLoadingDocks, { signal }),
    // While a dock is being placed or converted its state is asked about every second; a ready one, every few
    // seconds, since the server cleans it on its own (10 s after a Standard Download's last byte, or when it expires).
    refetchInterval: (query) => {
      const states = query.state.data?.map((dock) => dock.state) ?? [];
      if (states.includes('preparing') || states.includes('converting')) return 1_000;
      return states.includes('ready') ? 5_000 : false;
    },
  });

/** After assets changed (edit, move, check-in…): everything that may show them is fetched again. */
export function refreshAssets(client: QueryClient, ids: readonly number[] = []) {
  for (const id of ids) void client.invalidateQueries({ queryKey: ASSET_KEYS.asset(id) });
  void client.invalidateQueries({ queryKey: ['folders'] });
  void client.invalidateQueries({ queryKey: ['search'] });
  // The folder and search views' pages: an archive or a stamp changes what their items show, and no live event says so.
  void client.invalidateQueries({ queryKey: LIBRARY_KEY });
  void client.invalidateQueries({ queryKey: ASSET_KEYS.trash });
  void client.invalidateQueries({ queryKey: ASSET_KEYS.carts });
  void client.invalidateQueries({ queryKey: ASSET_KEYS.collections });
}
