import { type Insertable, type Kysely, sql } from 'kysely';
import type { Database, Portal, PortalsTable } from '../db/schema.ts';

export type PortalSources = { collectionIds: number[]; folderIds: number[] };

export async function insertPortal(
  db: Kysely<Database>,
  portal: Insertable<PortalsTable>,
  sources: PortalSources,
): Promise<number> {
  const { id } = await db.insertInto('portals').values(portal).returning('id').executeTakeFirstOrThrow();
  await replaceSources(db, id, sources);
  return id;
}

export async function replaceSources(db: Kysely<Database>, portalId: number, sources: PortalSources) {
  await db.deleteFrom('portal_sources').where('portal_id', '=', portalId).execute();
  const rows = [
    ...new Set(sources.collectionIds.map((id) => `collection:${id}`)),
    ...new Set(sources.folderIds.map((id) => `folder:${id}`)),
  ].map((key) => {
    const [kind, id] = key.split(':') as ['collection' | 'folder', string];
    return { portal_id: portalId, kind, source_id: Number(id) };
  });
  if (rows.length > 0) await db.insertInto('portal_sources').values(rows).execute();
}

export const sourcesOf = (db: Kysely<Database>, portalIds: number[]) =>
  portalIds.length === 0
    ? Promise.resolve([])
    : db.selectFrom('portal_sources').selectAll().where('portal_id', 'in', portalIds).execute();

export const ownPortals = (db: Kysely<Database>, ownerId: number) =>
  db
    .selectFrom('portals')
    .selectAll()
    .where('owner_id', '=', ownerId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();

export const findOwnPortal = (db: Kysely<Database>, ownerId: number, id: number) =>
  db
    .selectFrom('portals')
    .selectAll()
    .where('id', '=', id)
    .where('owner_id', '=', ownerId)
    .executeTakeFirst();

export const portalByTokenHash = (db: Kysely<Database>, hash: string) =>
  db.selectFrom('portals').selectAll().where('token_hash', '=', hash).executeTakeFirst();

export async function updatePortalRow(
  db: Kysely<Database>,
  id: number,
  changes: Partial<
    Pick<
      Portal,
      | 'name'
      | 'description'
      | 'terms'
      | 'max_downloads'
      | 'published'
      | 'password_hash'
      | 'logo'
      | 'logo_type'
      | 'favicon'
      | 'favicon_type'
      | 'renditions'
    >
  > & { expires_at?: Date; grant_secret?: string },
) {
  await db
    .updateTable('portals')
    .set({ ...changes, updated_at: sql`now()` } as never)
    .where('id', '=', id)
    .execute();
}

export const deletePortalRow = (db: Kysely<Database>, id: number) =>
  db.deleteFrom('portals').where('id', '=', id).execute();

/** `text` as a LIKE pattern that matches it literally. */
const literal = (text: string) => text.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/**
 * The live assets of the portal's sources: those in its collections and those under its folders' paths, by file name.
 * `folderPaths` are the folders' paths; '' is the storage root (every asset). `search` narrows to names holding it.
 */
export function sourceAssets(
  db: Kysely<Database>,
  sources: { collectionIds: number[]; folderPaths: string[] },
  options: { search?: string | undefined; limit: number; onlyId?: number | undefined },
) {
  const { search, limit, onlyId } = options;
  return db
    .selectFrom('assets')
    .select(['id', 'path', 'file_name', 'size', 'kind', 'mime_type'])
    .where('status', '=', 'active')
    .where((eb) =>
      eb.or([
        ...(sources.collectionIds.length > 0
          ? [
              eb(
                'id',
                'in',
                eb
                  .selectFrom('collection_assets')
                  .select('asset_id')
                  .where('collection_id', 'in', sources.collectionIds),
              ),
            ]
          : []),
        ...sources.folderPaths.map((path) =>
          path === '' ? eb.val(true) : eb('path', 'like', `${literal(path)}/%`),
        ),
        eb.val(false),
      ]),
    )
    .$if(search !== undefined && search.trim() !== '', (query) =>
      query.where((eb) =>
        eb.or([
          eb('file_name', 'ilike', `%${literal(search?.trim() ?? '')}%`),
          eb('name', 'ilike', `%${literal(search?.trim() ?? '')}%`),
        ]),
      ),
    )
    .$if(onlyId !== undefined, (query) => query.where('id', '=', onlyId as number))
    .orderBy('file_name')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Which of `names` each asset has as a rendition. */
export const renditionNamesOf = (db: Kysely<Database>, ids: number[], names: string[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('renditions')
        .select(['asset_id', 'name'])
        .where('asset_id', 'in', ids)
        .where('name', 'in', names)
        .execute();

export const renditionOf = (db: Kysely<Database>, assetId: number, name: string) =>
  db
    .selectFrom('renditions')
    .select(['storage_key', 'mime_type'])
    .where('asset_id', '=', assetId)
    .where('name', '=', name)
    .executeTakeFirst();

export const folderPaths = async (db: Kysely<Database>, ids: number[]) =>
  ids.length === 0
    ? []
    : await db.selectFrom('folders').select(['id', 'path']).where('id', 'in', ids).execute();

export const userById = (db: Kysely<Database>, id: number) =>
  db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();

/**
 * Takes one of the portal's downloads in one statement: only while it is published, not expired and below its
 * maximum, so concurrent last downloads cannot together pass it. Answers the new count when one was taken.
 */
export async function takePortalDownload(
  db: Kysely<Database>,
  portalId: number,
): Promise<{ download_count: number; max_downloads: number | null } | undefined> {
  const { rows } = await sql<{ download_count: number; max_downloads: number | null }>`
    update portals set download_count = download_count + 1
    where id = ${portalId} and published and expires_at > now()
      and (max_downloads is null or download_count < max_downloads)
    returning download_count, max_downloads`.execute(db);
  return rows[0];
}

export const insertPortalDownload = (
  db: Kysely<Database>,
  row: {
    portalId: number;
    assetId: number | null;
    method: 'http-file' | 'http-zip';
    ip: string;
    userAgent: string;
    counted: boolean;
  },
) =>
  db
    .insertInto('portal_downloads')
    .values({
      portal_id: row.portalId,
      asset_id: row.assetId,
      method: row.method,
      ip: row.ip,
      user_agent: row.userAgent.slice(0, 500),
      counted: row.counted,
      completed_at: sql<Date>`now()`,
    })
    .execute();

/** A portal's download log, latest first, with the file name of each file download. */
export const portalDownloadRows = (db: Kysely<Database>, portalId: number) =>
  db
    .selectFrom('portal_downloads')
    .leftJoin('assets', 'assets.id', 'portal_downloads.asset_id')
    .select([
      'portal_downloads.id',
      'portal_downloads.at',
      'portal_downloads.method',
      'portal_downloads.ip',
      'portal_downloads.user_agent',
      'portal_downloads.counted',
      'portal_downloads.completed_at',
      'assets.file_name',
    ])
    .where('portal_downloads.portal_id', '=', portalId)
    .orderBy('portal_downloads.at', 'desc')
    .orderBy('portal_downloads.id', 'desc')
    .limit(1000)
    .execute();

/** A Rapid download of the portal, written when the node signed its spec: not complete, not counted. */
export const insertPortalRapidDownload = (
  db: Kysely<Database>,
  row: { portalId: number; ip: string; userAgent: string; cookie: string; nodeUrl: string; paths: string[] },
) =>
  db
    .insertInto('portal_downloads')
    .values({
      portal_id: row.portalId,
      asset_id: null,
      method: 'rapid',
      ip: row.ip,
      user_agent: row.userAgent.slice(0, 500),
      cookie: row.cookie,
      node_url: row.nodeUrl,
      paths: row.paths,
    })
    .execute();

/** The portal's Rapid download of this cookie not yet complete. */
export const openPortalRapidDownload = (db: Kysely<Database>, portalId: number, cookie: string) =>
  db
    .selectFrom('portal_downloads')
    .select(['id', 'node_url', 'paths'])
    .where('portal_id', '=', portalId)
    .where('method', '=', 'rapid')
    .where('cookie', '=', cookie)
    .where('completed_at', 'is', null)
    .executeTakeFirst();

/**
 * Marks a Rapid download complete and takes one of the portal's downloads for it, in one transaction: the row is
 * claimed first (a second report of the same transfer, even concurrent, finds it taken and counts nothing), then the
 * count is taken up to the maximum. Answers undefined when the row was already complete, else what was taken.
 */
export async function completePortalRapid(db: Kysely<Database>, portalId: number, downloadId: number) {
  return db.transaction().execute(async (trx) => {
    const claimed = await trx
      .updateTable('portal_downloads')
      .set({ completed_at: sql<Date>`now()` })
      .where('id', '=', downloadId)
      .where('completed_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
    if (!claimed) return undefined;
    const taken = await takePortalDownload(trx, portalId);
    if (taken)
      await trx.updateTable('portal_downloads').set({ counted: true }).where('id', '=', downloadId).execute();
    return { taken };
  });
}
