/** The most assets one selection may hold (R-SELECTION-LIMIT; the size is ours). */
export const SELECTION_MAX_BLOCK = 10_000;

/**
 * The texts (R-SPEC-TEXTS) of names, copy and move, and of names and renaming, folder operations, concurrency, loading
 * dock, other that the asset, folder and working-set screens show, word for word where the spec gives the words.
 */
export const ASSET_MESSAGES = {
  // Names
  fileNameRule: 'A file name cannot contain \\ / : or start with a period.',
  folderNameRule: 'A folder name cannot contain \\ / : * " ? > < or start or end with a period.',
  fileNameTooLong: 'A file name can be at most 255 bytes long.',
  directoryNameUnique: 'A directory name must be unique.',
  nameRequired: 'You can not leave this empty.',
  maxChars32: 'Maximum of 32 Characters.',
  cartNameRequired: 'A cart name is required.',
  cartNameUnique: 'A cart with this name already exists.',
  // Assets, copy and move
  assetIdInvalid: 'The asset ID must be a valid number.',
  ontoChildOrParent: 'A folder cannot be copied or moved onto its child or its parent.',
  destinationNotAllowed: 'The destination directory must be allowed.',
  // Names and renaming
  assetFilenameExists: 'Asset filename already exists.',
  renameBlocked: 'Rename blocked: another asset has the same name or the asset is in use.',
  // Folder operations
  folderOperationFailed: 'Folder copy, move or rename failed.',
  destinationHasFolder: 'The destination folder already contains a folder with the same name.',
  folderCreationFailed: 'Folder creation failed, try again.',
  moveBlockedByTranscoding: 'A move is blocked until video transcodings complete.',
  // Concurrency
  inUse: 'An affected asset or folder is in use by the system or another user (try later).',
  // Access paths
  versionNotFound: 'Version not found.',
  // Other
  unsupportedSortRemoved: 'An unsupported sort field is removed.',
  searchEmpty: 'The search is empty.',
  bundleEmpty: 'The search is empty, or the search bundle is empty (download cancelled).',
  notABundle: 'This collection is not a bundle.',
  // Uploads and imports
  bulkSelectCsvOnly: 'Bulk select upload is CSV only.',
  // "A selection has a maximum block size" (the spec gives no words or number; these are ours).
  selectionTooLarge: `A selection has a maximum block size of ${SELECTION_MAX_BLOCK.toLocaleString('en')} assets.`,
  // Loading dock
  loadingDockTooLarge: 'Loading Dock Too Large',
  downloadMaximumReached: 'Download maximum reached.',
  loadingDockNoSpace: (requested: string, free: string) =>
    `The loading dock lacks space: the request needs ${requested} and ${free} is free. A partial conversion is possible.`,
  // Ours: a dock asked for before its files are all placed.
  loadingDockNotReady: 'This download is still being prepared. Try again when it is ready for download.',
  // External shares (R-SHARE-EXPIRY)
  shareExpirationTooFar: (days: string) => `It cannot be too far in the future (maximum ${days} days).`,
  // Video timeline (R-CUE-POINT, R-CLIP-RANGE)
  cueTimeTaken: 'A video cue point time must be unique.',
  clipDurationInvalid: 'Clip duration values must be appropriate.',
} as const;
