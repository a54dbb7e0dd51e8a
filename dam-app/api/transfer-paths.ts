import { loadingDockFolderName } from './platform-settings.ts';

/** Settings of R-PLATFORM-SETTINGS that the path rule of R-TRANSFER-PATH depends on. */
export interface PathTranslationSettings {
  /** The current ACL's relative path permission; null or undefined: the transfer must not start. */
  relativePath: string | null | undefined;
  /** `mb.prefix.work.folders`: work folders (the loading dock among them) carry a `~$` prefix. */
  prefixWorkFolders: boolean;
}

export const RENDITIONS_PREFIX = 'Renditions/';

/**
 * The current ACL's relative path without its trailing slash, or undefined when it is missing (R-ACL-RELATIVE-PATH: the
 * accelerated transfer does not start then).
 */
export function aclRelativePath(relativePath: string | null | undefined): string | undefined {
  if (relativePath === null || relativePath === undefined) return undefined;
  return relativePath.endsWith('/') ? relativePath.slice(0, -1) : relativePath;
}

/**
 * R-TRANSFER-PATH path translation: a path is left as it is when there is no relative path, when it already starts with
 * it (not for quick download), when it is in the loading dock or the renditions, or when it is absolute; otherwise
 * the relative path and a slash go in front. The server confines every resulting path to the ACL root on its own.
 */
export function translateTransferPath(
  path: string,
  settings: PathTranslationSettings,
  options: { quickDownload?: boolean } = {},
): string {
  const relative = aclRelativePath(settings.relativePath);
  if (!relative) return path;
  if (!options.quickDownload && path.startsWith(relative)) return path;
  if (path.startsWith(loadingDockFolderName(settings))) return path;
  if (path.startsWith(RENDITIONS_PREFIX)) return path;
  if (path.startsWith('/')) return path;
  return `${relative}/${path}`;
}

/** R-BULK-DOWNLOAD-ID lives in `loading-dock-id.ts`; re-exported for the callers that import it from here. */
export { isBulkDownload } from './loading-dock-id.ts';
