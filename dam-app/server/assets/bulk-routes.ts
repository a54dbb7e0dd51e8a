import { sql } from 'kysely';
import { ASSET_MESSAGES, SELECTION_MAX_BLOCK } from '../../api/asset-messages.ts';
import { bulkEditResultSchema, bulkSelectCsvSchema, bulkSelectResultSchema } from '../../api/assets.ts';
import { bulkEditSchema } from '../../api/search.ts';
import { can } from '../access/principal.ts';
import { ApiError, forbidden, invalid } from '../api/api-error.ts';
import { defineRoute } from '../api/define-route.ts';
import { aclRoot, belowPattern } from '../folders/acl-scope.ts';
import { resolveSelection } from '../working-sets/selection-service.ts';
import { visibleAssetIds } from './asset-records.ts';
import { keywordVector } from './ingest.ts';

const tag = 'Assets';

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

export const bulkRoutes = [
  defineRoute({
    method: 'post',
    path: '/assets/bulk-select',
    tag,
    summary: 'Bulk select upload: a CSV of asset ID numbers or file names to a selection',
    auth: 'user',
    body: bulkSelectCsvSchema,
    response: bulkSelectResultSchema,
    async handler({ services, principal, body }) {
      if (!body.fileName.toLowerCase().endsWith('.csv'))
        throw invalid({ fileName: ASSET_MESSAGES.bulkSelectCsvOnly }, 'csv_only');
      const values = firstColumns(body.content);
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
      const root = aclRoot(principal);
      const byName = names.length
        ? await services.db
            .selectFrom('assets')
            .select(['id', 'file_name'])
            .where('status', '=', 'active')
            .where('file_name', 'in', names)
            .where((eb) => (root === '' ? eb.lit(true) : sql<boolean>`path like ${belowPattern(root)}`))
            .orderBy('id')
            .execute()
        : [];
      const foundIds = new Set(byId);
      const foundNames = new Set(byName.map((row) => row.file_name));
      const ids = [...new Set([...byId, ...byName.map((row) => row.id)])];
      const unmatched = values.filter((value) =>
        /^\d{1,9}$/.test(value) ? !foundIds.has(Number(value)) : !foundNames.has(value),
      );
      return { ids, unmatched };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/assets/bulk-edit',
    tag,
    summary: 'Bulk edit: set the description, add or remove keywords on a selection (ids or a search)',
    auth: 'user',
    body: bulkEditSchema,
    response: bulkEditResultSchema,
    async handler({ services, principal, body }) {
      if (!can(principal, 'file actions')) throw forbidden();
      const { ids } = await resolveSelection(
        services,
        principal,
        { ...(body.ids ? { ids: body.ids } : {}), ...(body.search ? { search: body.search } : {}) },
        SELECTION_MAX_BLOCK,
      );
      if (ids.length === 0) return { updated: 0, locked: [] };
      const rows = await services.db
        .selectFrom('assets')
        .select(['id', 'keywords', 'checked_out_by'])
        .where('id', 'in', ids)
        .execute();
      const locked = rows
        .filter((row) => row.checked_out_by !== null && row.checked_out_by !== principal.user.id)
        .map((row) => row.id);
      const add = body.set.addKeywords ?? [];
      const remove = new Set(body.set.removeKeywords ?? []);
      let updated = 0;
      await services.db.transaction().execute(async (trx) => {
        for (const row of rows) {
          if (locked.includes(row.id)) continue;
          const keywords = [...new Set([...row.keywords, ...add])].filter((keyword) => !remove.has(keyword));
          await trx
            .updateTable('assets')
            .set({
              ...(body.set.description === undefined ? {} : { description: body.set.description }),
              keywords,
              keyword_search: keywordVector(keywords),
              updated_at: new Date(),
            })
            .where('id', '=', row.id)
            .execute();
          updated++;
        }
      });
      return { updated, locked };
    },
  }),
];
