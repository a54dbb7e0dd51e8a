import { mkdtemp, open, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { METADATA_IO_MESSAGES } from '../../api/messages.ts';
import {
  EXPORT_MAX_ASSETS,
  EXPORT_MAX_BYTES,
  type ExportRequest,
  exportExtension,
  IMPORT_MAX_BYTES,
  type ImportQuery,
  type Layout,
  type MetadataImport,
  metadataImportSchema,
} from '../../api/metadata-io.ts';
import { searchRequestSchema } from '../../api/search.ts';
import { can, type Principal } from '../access/principal.ts';
import { ApiError, assetAccessDenied, forbidden, invalid, notFound } from '../api/api-error.ts';
import { visibleAsset, visibleAssetIds } from '../assets/asset-records.ts';
import { audit } from '../audit/audit.ts';
import { principalFor } from '../auth/resolve-principal.ts';
import { attachment } from '../downloads/content-disposition.ts';
import { queueJob } from '../jobs/job-payloads.ts';
import { embedMetadata } from '../media/embed-metadata.ts';
import { searchConditions } from '../search/search-assets.ts';
import { matchingAssetIds } from '../search/search-queries.ts';
import type { DamServices } from '../services.ts';
import { applyRecords } from './apply-records.ts';
import * as queries from './metadata-io-queries.ts';
import { readImportRecords, writeExport } from './metadata-records.ts';

const importNotFound = () => new ApiError(404, 'not_found', METADATA_IO_MESSAGES.importNotFound);
const tooLarge = () => invalid({ file: METADATA_IO_MESSAGES.importTooLarge }, 'import_too_large');
const exportTooLarge = (detail: string) =>
  new ApiError(400, 'export_too_large', METADATA_IO_MESSAGES.exportTooLarge, detail);

/**
 * Whether any enabled workflow watches metadata changes: a bulk change (an import, a stamp) skips the per-asset
 * workflow event when none does, which would otherwise cost a query per asset (R-WORKFLOW-TRIGGERS).
 */
export const metadataWorkflowsWatch = (services: DamServices) => queries.metadataWorkflowsExist(services.db);

/** The upload's bytes, refused as soon as they pass the import's limit. */
async function readUpload(body: ReadableStream<Uint8Array> | null): Promise<Uint8Array> {
  if (!body) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.byteLength;
    if (size > IMPORT_MAX_BYTES) throw tooLarge();
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

const layoutOf = (query: ImportQuery): Layout => ({
  format: query.format,
  encoding: query.encoding,
  ...(query.delimiter === undefined ? {} : { delimiter: query.delimiter }),
  ...(query.escape === undefined ? {} : { escape: query.escape }),
});

/** Changing metadata takes the file actions permission, as the stamper does (R-STAMP). */
const assertMayChange = (principal: Principal) => {
  if (!can(principal, 'file actions')) throw forbidden();
};

/** R-METADATA-IMPORT: what the file would change, row by row; nothing changes. */
export async function previewImport(
  services: DamServices,
  principal: Principal,
  query: ImportQuery,
  body: ReadableStream<Uint8Array> | null,
) {
  assertMayChange(principal);
  const records = readImportRecords(await readUpload(body), layoutOf(query), query.match);
  return applyRecords(services, principal, records, query.match, false);
}

/**
 * R-METADATA-IMPORT: the file is read (a file that cannot be read is refused at once), kept with the import and
 * applied by a job; the import starts in the state "starting".
 */
export async function startImport(
  services: DamServices,
  principal: Principal,
  query: ImportQuery,
  body: ReadableStream<Uint8Array> | null,
): Promise<MetadataImport> {
  assertMayChange(principal);
  const content = await readUpload(body);
  readImportRecords(content, layoutOf(query), query.match);
  const id = await services.db.transaction().execute(async (trx) => {
    const created = await queries.insertImport(trx, {
      userId: principal.user.id,
      fileName: query.fileName,
      options: { ...layoutOf(query), match: query.match, adminMode: principal.adminMode },
      content,
    });
    await queueJob(trx, 'metadata.import', { importId: created });
    return created;
  });
  const view = importView(await queries.importById(services.db, id));
  services.jobs.kick();
  return view;
}

function importView(row: Awaited<ReturnType<typeof queries.importById>>): MetadataImport {
  if (!row) throw importNotFound();
  const options = row.options as Layout & { match: 'id' | 'path' };
  return metadataImportSchema.parse({
    id: row.id,
    fileName: row.file_name,
    format: options.format,
    encoding: options.encoding,
    match: options.match,
    state: row.state,
    rows: row.rows,
    applied: row.applied,
    unchanged: row.unchanged,
    errorCount: row.error_count,
    errors: row.errors,
    createdAt: row.created_at.toISOString(),
    finishedAt: row.finished_at?.toISOString() ?? null,
  });
}

export const listImports = async (services: DamServices, principal: Principal) =>
  (await queries.importsOf(services.db, principal.user.id, 50)).map(importView);

export async function getImport(services: DamServices, principal: Principal, id: number) {
  const row = await queries.importById(services.db, id);
  if (!row || (row.user_id !== principal.user.id && !principal.user.is_admin)) throw importNotFound();
  return importView(row);
}

/**
 * The `metadata.import` job: the import's file applied as the person who started it (with the permissions they hold
 * now), its counts written after every batch. It ends "success" when every row was applied or unchanged, "finished"
 * when some rows were refused, "failure" when none could be applied. A job taken over after a kill applies the file
 * again: rows already applied are unchanged rows the second time.
 */
export async function runImportJob(services: DamServices, payload: { importId: number }) {
  const row = await queries.importById(services.db, payload.importId);
  if (row?.state !== 'starting') return;
  const options = row.options as Layout & { match: 'id' | 'path'; adminMode?: boolean };
  const user = row.user_id === null ? undefined : await queries.userById(services.db, row.user_id);
  const fail = (message: string) =>
    queries.recordImportOutcome(services.db, row.id, {
      state: 'failure',
      rows: 0,
      applied: 0,
      unchanged: 0,
      errorCount: 1,
      errors: [{ row: 0, message }],
      finished: true,
    });
  if (user?.status !== 'active') return void (await fail(forbidden().userMessage));
  // As the person who started it, in the admin mode they were in (their ACL's permissions otherwise).
  const principal = await principalFor(services.db, user, {
    via: 'session',
    adminMode: options.adminMode === true && user.is_admin,
  });
  if (!can(principal, 'file actions')) return void (await fail(forbidden().userMessage));
  let records: ReturnType<typeof readImportRecords>;
  try {
    records = readImportRecords(
      (await queries.importContent(services.db, row.id)) ?? new Uint8Array(),
      options,
      options.match,
    );
  } catch (error) {
    return void (await fail(error instanceof ApiError ? error.userMessage : METADATA_IO_MESSAGES.unreadable));
  }
  const progress = (tally: Awaited<ReturnType<typeof applyRecords>>, finished: boolean) =>
    queries.recordImportOutcome(services.db, row.id, {
      state: !finished
        ? 'starting'
        : tally.errorCount === 0
          ? 'success'
          : tally.changing + tally.unchanged > 0
            ? 'finished'
            : 'failure',
      rows: tally.rows,
      applied: tally.changing,
      unchanged: tally.unchanged,
      errorCount: tally.errorCount,
      errors: tally.errors,
      finished,
    });
  const tally = await applyRecords(services, principal, records, options.match, true, async (each) => {
    await progress(each, false);
  });
  await progress(tally, true);
  if (tally.changing) services.jobs.kick();
}

/** The ids an export source names, those the person may see, at most the export's maximum. */
async function exportIds(services: DamServices, principal: Principal, source: ExportRequest['source']) {
  if (source.kind === 'selection') {
    const ids = await visibleAssetIds(services, principal, source.assetIds);
    if (ids.length !== new Set(source.assetIds).size) throw notFound('asset');
    return ids;
  }
  const search =
    source.kind === 'folder'
      ? searchRequestSchema.parse({ folderId: source.folderId, folderOnly: !source.recursive })
      : source.search;
  const where = await searchConditions(services, principal, search);
  const found = await matchingAssetIds(services.db, where(), EXPORT_MAX_ASSETS);
  if (found.total > EXPORT_MAX_ASSETS)
    throw exportTooLarge(`${found.total} assets; an export holds at most ${EXPORT_MAX_ASSETS}.`);
  return found.ids;
}

/**
 * R-METADATA-EXPORT: the form values of a selection, a folder or a search in the chosen format and encoding, at
 * most EXPORT_MAX_ASSETS assets and EXPORT_MAX_BYTES bytes ("Export has a maximum size").
 */
export async function exportMetadata(services: DamServices, principal: Principal, request: ExportRequest) {
  const ids = await exportIds(services, principal, request.source);
  const assets = (await queries.exportedAssets(services.db, ids)).map((asset) => ({
    id: asset.id,
    path: asset.path,
    fields: asset.fields ?? {},
  }));
  const bytes = writeExport(assets, request.layout);
  if (bytes.byteLength > EXPORT_MAX_BYTES)
    throw exportTooLarge(`${bytes.byteLength} bytes; an export holds at most ${EXPORT_MAX_BYTES}.`);
  const charset = request.layout.encoding === 'macroman' ? 'macintosh' : request.layout.encoding;
  const type =
    request.layout.format === 'xml'
      ? 'application/xml'
      : request.layout.format === 'csv'
        ? 'text/csv'
        : 'text/plain';
  return new Response(new Uint8Array(bytes), {
    headers: {
      'content-type': `${type}; charset=${charset}`,
      'content-disposition': `attachment; filename="metadata${exportExtension(request.layout.format)}"`,
      'cache-control': 'no-store',
    },
  });
}

/**
 * R-XMP-EMBED: the asset's original with its metadata embedded (XMP and IPTC, by exiftool), so the values travel
 * with the file; the original's download gate applies, and it is logged as a download. A kind of file exiftool cannot write is
 * sent as it is stored.
 */
export async function fileWithMetadata(services: DamServices, principal: Principal, id: number) {
  const asset = await visibleAsset(services, principal, id);
  // The original's gate (as `GET /assets/{id}/original`): the download high resolution permission.
  if (!can(principal, 'downloadHiRes') || !services.config.allowDownload) throw assetAccessDenied();
  const source = services.storage.originals.localPath(asset.path);
  if (!source || !(await stat(source).catch(() => undefined))?.isFile()) throw notFound('file');
  const work = await mkdtemp(join(tmpdir(), 'dam-embed-'));
  const target = join(work, 'out');
  const fields = (asset.metadata as { fields?: Record<string, string> } | null)?.fields ?? {};
  const embedded = await embedMetadata(source, target, work, {
    title: asset.name,
    description: asset.description,
    keywords: asset.keywords,
    fields,
  });
  // Opened once: a move or delete of the asset meanwhile (the file is read outside any lock) is a 404, and once open
  // the answer streams the bytes it measured.
  const handle = await open(embedded ? target : source, 'r').catch(() => undefined);
  if (!handle) {
    await rm(work, { recursive: true, force: true });
    throw notFound('file');
  }
  const size = (await handle.stat()).size;
  await audit(services.db, {
    actorId: principal.user.id,
    event: 'download',
    target: asset.path,
    details: { via: 'metadata', bytes: size, files: 1 },
  });
  const stream = handle.createReadStream();
  stream.once('close', () => void rm(work, { recursive: true, force: true }));
  return new Response(Readable.toWeb(stream) as ReadableStream, {
    headers: {
      'Content-Type': 'application/octet-stream',
      'Content-Length': String(size),
      'Content-Disposition': attachment(asset.file_name),
      'Cache-Control': 'private, no-store',
      'X-Metadata-Embedded': embedded ? 'yes' : 'no',
    },
  });
}
