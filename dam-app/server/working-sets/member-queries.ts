import { type ExpressionBuilder, type Kysely, sql } from 'kysely';
import type { Principal } from '../access/principal.ts';
import type { Database } from '../db/schema.ts';
import { belowPattern } from '../folders/acl-scope.ts';

/**
 * An asset row (`assets`) the principal may see: not trashed, at or under the current ACL's root — the same rule as
 * `visibleAssetIds`, as SQL, so a working set's count is what its member list shows. No ACL: nothing.
 */
export function assetVisibleTo(principal: Principal) {
  const root = principal.acl?.root_path.replace(/^\/+|\/+$/g, '');
  return (eb: ExpressionBuilder<Database, 'assets'>) => {
    if (root === undefined) return eb.lit(false);
    const notTrashed = eb('assets.status', '<>', 'trashed');
    if (root === '') return notTrashed;
    return eb.and([
      notTrashed,
      eb.or([eb('assets.path', '=', root), sql<boolean>`assets.path like ${belowPattern(root)}`]),
    ]);
  };
}

/** The asset rows of these ids, in the order given; ids without a row are left out. */
export async function assetRowsInOrder(db: Kysely<Database>, ids: number[]) {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('assets').selectAll().where('id', 'in', ids).execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
