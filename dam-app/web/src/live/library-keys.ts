/**
 * The cache keys of what shows the library, owned here so the push channel can refresh them without knowing the
 * screens; the screens build their own keys on these.
 */
export const LIBRARY_KEY = ['library'] as const;
export const FOLDERS_KEY = ['folders'] as const;
export const ASSET_KEY = ['asset'] as const;
export const CARTS_KEY = ['carts'] as const;
export const COLLECTIONS_KEY = ['collections'] as const;
export const TRASH_KEY = ['trash'] as const;
