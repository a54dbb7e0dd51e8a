import { createHash } from 'node:crypto';

/** What names one rendition's bytes: the source they were made from, where they are, and when they were made. */
export interface RenditionIdentity {
  content_hash: string;
  storage_key: string;
  size: number | string;
  created_at: Date;
}

/**
 * The version tag in a rendition's immutable address (`/assets/{id}/renditions/{name}/{tag}`). The source's hash
 * alone would not do: the same original is rendered again (a new rendition setting, a repaired job) into other
 * bytes, and a browser that cached the old ones for a year would keep them. The rows are replaced whenever the
 * renditions are made again, so the time they were made changes the tag with them.
 */
export function renditionTag(row: RenditionIdentity): string {
  return createHash('sha256')
    .update(`${row.content_hash}\0${row.storage_key}\0${row.size}\0${row.created_at.getTime()}`)
    .digest('base64url')
    .slice(0, 22);
}
