/**
 * The cache keys of the library's data. The screens read with them and the live channel (`live/library-events.ts`)
 * refreshes by them, so they sit here below both.
 */

/** Everything the browse screens cache; an ACL switch or a folder operation drops it all. */
export const LIBRARY_KEY = ['library'] as const;
export const TREE_KEY = [...LIBRARY_KEY, 'tree'] as const;

export const ASSET_KEYS = {
  asset: (id: number) => ['asset', id] as const,
  versions: (id: number) => ['asset', id, 'versions'] as const,
  tree: ['folders', 'tree'] as const,
  trash: ['trash'] as const,
  carts: ['carts'] as const,
  cartAssets: (id: number) => ['carts', id, 'assets'] as const,
  collections: ['collections'] as const,
  collectionAssets: (id: number) => ['collections', id, 'assets'] as const,
  loadingDock: ['loading-dock'] as const,
};

/** The person's notifications (the bell, the center) and tasks: the live channel's `notification` events refresh them. */
export const NOTIFICATION_KEY = ['notifications'] as const;
export const UNREAD_KEY = [...NOTIFICATION_KEY, 'unread'] as const;
export const TASKS_KEY = ['tasks'] as const;

/** One asset's discussion (every version, and its mention suggestions): the live channel's `discussion` events refresh it. */
export const DISCUSSIONS_KEY = ['discussion'] as const;
export const discussionKey = (assetId: number) => [...DISCUSSIONS_KEY, assetId] as const;
