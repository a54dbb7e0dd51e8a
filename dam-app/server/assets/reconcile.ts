import { joinPath } from '../folders/acl-scope.ts';
import { ensureFolderRow } from '../folders/folder-queries.ts';
import { recoverOperations } from '../intents/intent-kinds.ts';
import { pendingIntentPaths } from '../intents/intents.ts';
import type { DamServices } from '../services.ts';
import { isIndexable } from '../storage/originals-tree.ts';
import { inLoadingDock } from '../storage/work-folders.ts';
import { activeAssetPathsBelow, markMissing } from './asset-queries.ts';
import { ingestFile, NotIngestableError } from './ingest.ts';

/** The job kind of a reconcile, scheduled or asked for. */
export const RECONCILE_JOB = 'storage.reconcile';

export interface ReconcileReport {
  ingested: number;
  missing: number;
  folders: number;
  /** Symbolic links found in storage: never followed, never ingested, each logged as `reconcile.link_refused`. */
  refusedLinks: string[];
}

/**
 * The `storage.reconcile` job: brings the index in step with the originals below `path` — files that appeared by
 * other means (a transfer, a copy on the server) become assets, assets whose file vanished are marked missing,
 * directories get folder rows. Safe to run again after a crash: ingest is idempotent.
 */
export async function reconcile(services: DamServices, path = ''): Promise<ReconcileReport> {
  const { db } = services;
  const report: ReconcileReport = { ingested: 0, missing: 0, folders: 0, refusedLinks: [] };
  // A half-done move left by a dead server is finished first: its files at their new place are the same assets.
  await recoverOperations(services);
  if (!(await services.tree.isDirectory(path))) return report;
  const known = new Set((await activeAssetPathsBelow(db, path)).map((row) => row.path));
  // Paths an operation under way is changing are its business: no folder rows, no new assets, no missing ones.
  const busy = await pendingIntentPaths(db);
  const settled = (file: string) =>
    !busy.some((each) => each === '' || file === each || file.startsWith(`${each}/`));
  const seen = new Set<string>();
  const unknown: string[] = [];
  const pending = [path];
  while (pending.length) {
    const directory = pending.pop() as string;
    await ensureFolderRow(db, directory);
    report.folders++;
    const { folders, files, links } = await services.tree.list(directory);
    for (const name of links) {
      const link = joinPath(directory, name);
      report.refusedLinks.push(link);
      services.log.warn('reconcile.link_refused', { path: link });
    }
    for (const name of folders) {
      const folder = joinPath(directory, name);
      // R-DOCK-PLACE: the loading dock's prepared downloads are not library folders or assets.
      if (isIndexable(name) && settled(folder) && !inLoadingDock(folder)) pending.push(folder);
    }
    for (const name of files) {
      if (!isIndexable(name)) continue;
      const file = joinPath(directory, name);
      seen.add(file);
      if (!known.has(file)) unknown.push(file);
    }
  }
  // Read again: an operation may have begun during the walk.
  busy.push(...(await pendingIntentPaths(db)));
  const newFiles = unknown.filter(settled);
  // Several at once: hashing, exiftool and the database overlap.
  const ingestNext = async () => {
    for (let file = newFiles.pop(); file !== undefined; file = newFiles.pop()) {
      try {
        if ((await ingestFile(services, file)).created) report.ingested++;
      } catch (error) {
        if (!(error instanceof NotIngestableError) && (error as NodeJS.ErrnoException).code !== 'ENOENT')
          throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: services.config.jobConcurrency }, ingestNext));
  const vanished = [...known].filter((each) => !seen.has(each) && settled(each));
  for (let start = 0; start < vanished.length; start += 1000) {
    const batch = vanished.slice(start, start + 1000);
    report.missing += await markMissing(
      db,
      batch,
      async (file) => !(await services.tree.exists(file)),
      pendingIntentPaths,
    );
  }
  return report;
}
