import type { z } from 'zod';
import { ASSET_MESSAGES, SELECTION_MAX_BLOCK } from '../../api/asset-messages.ts';
import type { bulkSelectCsvSchema } from '../../api/assets.ts';
import type { bulkEditSchema } from '../../api/search.ts';
import { can, type Principal } from '../access/principal.ts';
import { ApiError, forbidden, invalid } from '../api/api-error.ts';
import { aclRoot } from '../folders/acl-scope.ts';
import type { DamServices } from '../services.ts';
import { resolveSelection } from '../working-sets/selection-service.ts';
import { activeAssetsNamed, keywordsAndLocks, setDescriptionAndKeywords } from './asset-queries.ts';
import { visibleAssetIds } from './asset-records.ts';

/** The first column of each CSV line, unquoted; a header line that is not an id or a file name just won't match. */
function firstColumns(content: string): string[] {
  return content
    .split(/\r?\n/)
    .map((line) => {
      const match = /^\s*(?:"((?:[^"]|"")*)"|([^,;\t]*))/.exec(line);
      return (match?.[1]?.replace(/""/g, '"') ?? match?.[2] ?? '').trim();
    })
    .filter((value) => value !== '');
}

/** Bulk Select: the CSV's asset ids and file names the principal may see, and the lines that matched none. */
export async function bulkSelect(
  services: DamServices,
  principal: Principal,
  csv: z.output<typeof bulkSelectCsvSchema>,
) {
  if (!csv.fileName.toLowerCase().endsWith('.csv'))
    throw invalid({ fileName: ASSET_MESSAGES.bulkSelectCsvOnly }, 'csv_only');
  const values = firstColumns(csv.content);
  if (values.length > SELECTION_MAX_BLOCK)
    throw new ApiError(
      400,
      'selection_too_large',
      ASSET_MESSAGES.selectionTooLarge,
      `${values.length} lines; a selection holds at most ${SELECTION_MAX_BLOCK}.`,
    );
  const numbers = values.filter((value) => /^\d{1,9}$/.test(value)).map(Number);
  const names = values.filter((value) => !/^\d{1,9}$/.test(value));
  const byId = await visibleAssetIds(services, principal, numbers);
  const byName = names.length ? await activeAssetsNamed(services.db, aclRoot(principal), names) : [];
  const foundIds = new Set(byId);
  const foundNames = new Set(byName.map((row) => row.file_name));
  const ids = [...new Set([...byId, ...byName.map((row) => row.id)])];
  const unmatched = values.filter((value) =>
    /^\d{1,9}$/.test(value) ? !foundIds.has(Number(value)) : !foundNames.has(value),
  );
  return { ids, unmatched };
}

/** Bulk edit: every asset of the selection not locked by another user gets the description and keyword changes. */
export async function bulkEdit(
  services: DamServices,
  principal: Principal,
  edit: z.output<typeof bulkEditSchema>,
) {
  if (!can(principal, 'file actions')) throw forbidden();
  const { ids } = await resolveSelection(
    services,
    principal,
    { ...(edit.ids ? { ids: edit.ids } : {}), ...(edit.search ? { search: edit.search } : {}) },
    SELECTION_MAX_BLOCK,
  );
  if (ids.length === 0) return { updated: 0, locked: [] };
  const rows = await keywordsAndLocks(services.db, ids);
  const locked = rows
    .filter((row) => row.checked_out_by !== null && row.checked_out_by !== principal.user.id)
    .map((row) => row.id);
  const add = edit.set.addKeywords ?? [];
  const remove = new Set(edit.set.removeKeywords ?? []);
  let updated = 0;
  await services.db.transaction().execute(async (trx) => {
    for (const row of rows) {
      if (locked.includes(row.id)) continue;
      const keywords = [...new Set([...row.keywords, ...add])].filter((keyword) => !remove.has(keyword));
      await setDescriptionAndKeywords(trx, row.id, { description: edit.set.description, keywords });
      updated++;
    }
  });
  return { updated, locked };
}
