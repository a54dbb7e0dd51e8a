import { type Kysely, sql } from 'kysely';
import type { Principal } from '../access/principal.ts';
import { ASSET_ROW_COLUMNS } from '../assets/asset-views.ts';
import type { Database } from '../db/schema.ts';
import { assetVisibleTo } from '../working-sets/member-queries.ts';

/** The assets the principal may see (R-HOME never lists another). */
const visibleAssets = (db: Kysely<Database>, principal: Principal) =>
  db.selectFrom('assets').select(ASSET_ROW_COLUMNS).where(assetVisibleTo(principal));

export type HomeAssetRow = Awaited<ReturnType<ReturnType<typeof visibleAssets>['execute']>>[number];

/** The latest assets the principal may see: those they uploaded (`mine`) or any added, newest first. */
export const recentUploads = (db: Kysely<Database>, principal: Principal, mine: boolean, limit: number) => {
  let query = visibleAssets(db, principal);
  if (mine) query = query.where('assets.uploaded_by', '=', principal.user.id);
  return query.orderBy('date_added', 'desc').orderBy('id', 'desc').limit(limit).execute();
};

/** The assets the principal may see that changed (or came) after `since`, latest change first. */
export const changedSince = (db: Kysely<Database>, principal: Principal, since: Date, limit: number) =>
  visibleAssets(db, principal)
    .where('updated_at', '>', since)
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();

/**
 * Records a visit to a workspace's Home at `now` and answers where "changed since" starts: the start of the visit
 * before, moved on only when this one comes more than `gapMinutes` after the last (a return within it is the same
 * visit); a first visit starts `firstDays` back. One statement, so two tabs at once cannot lose a visit.
 */
export async function recordVisit(
  db: Kysely<Database>,
  userId: number,
  workspaceKey: number,
  now: Date,
  gapMinutes: number,
  firstDays: number,
): Promise<Date> {
  const first = new Date(now.getTime() - firstDays * 86_400_000);
  const row = await db
    .insertInto('home_visits')
    .values({ user_id: userId, workspace_key: workspaceKey, seen_at: now, since: first })
    .onConflict((conflict) =>
      conflict.columns(['user_id', 'workspace_key']).doUpdateSet({
        since: sql<Date>`case when excluded.seen_at - home_visits.seen_at > make_interval(mins => ${gapMinutes})
          then home_visits.seen_at else home_visits.since end`,
        seen_at: sql<Date>`greatest(home_visits.seen_at, excluded.seen_at)`,
      }),
    )
    .returning('since')
    .executeTakeFirstOrThrow();
  return row.since ?? first;
}

/** Collections other people shared with one of the principal's groups, not expired, newest first. */
export const sharedWithMe = (db: Kysely<Database>, principal: Principal, limit: number) =>
  db
    .selectFrom('collections')
    .innerJoin('users', 'users.id', 'collections.owner_id')
    .select([
      'collections.id',
      'collections.name',
      'collections.created_at',
      'users.username as owner',
      (eb) =>
        eb
          .selectFrom('collection_assets')
          .innerJoin('assets', 'assets.id', 'collection_assets.asset_id')
          .select(eb.fn.countAll<string>().as('n'))
          .whereRef('collection_assets.collection_id', '=', 'collections.id')
          .where(assetVisibleTo(principal))
          .as('asset_count'),
    ])
    .where('collections.owner_id', '<>', principal.user.id)
    .where((eb) =>
      eb.or([eb('collections.expires_at', 'is', null), eb('collections.expires_at', '>', new Date())]),
    )
    .where(
      'collections.shared_group_id',
      'in',
      db.selectFrom('group_members').select('group_id').where('user_id', '=', principal.user.id),
    )
    .orderBy('collections.created_at', 'desc')
    .orderBy('collections.id', 'desc')
    .limit(limit)
    .execute();

/** The usernames of these users. */
export const usernames = async (db: Kysely<Database>, ids: number[]) =>
  ids.length === 0 ? [] : db.selectFrom('users').select(['id', 'username']).where('id', 'in', ids).execute();
