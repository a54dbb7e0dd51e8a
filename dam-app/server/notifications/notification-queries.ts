import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../db/schema.ts';

/** The channel `notify` signals on (in the change's transaction: PostgreSQL delivers it only if that commits). */
export const NOTIFY_CHANNEL = 'dam_notify';

/**
 * The people who follow an asset (by the asset, a folder it is in at any depth, or a collection holding it) and may
 * still see it: an ACL they hold, directly or through a group, whose root covers the asset's path.
 */
export async function assetFollowers(db: Kysely<Database>, assetId: number, path: string, folders: string[]) {
  const rows = await db
    .selectFrom('notification_subscriptions as s')
    .select('s.user_id')
    .distinct()
    .where((eb) =>
      eb.or([
        eb.and([eb('s.target', '=', 'asset'), eb('s.target_id', '=', assetId)]),
        eb.and([
          eb('s.target', '=', 'folder'),
          eb('s.target_id', 'in', eb.selectFrom('folders').select('id').where('path', 'in', folders)),
        ]),
        eb.and([
          eb('s.target', '=', 'collection'),
          eb(
            's.target_id',
            'in',
            eb.selectFrom('collection_assets').select('collection_id').where('asset_id', '=', assetId),
          ),
        ]),
      ]),
    )
    .execute();
  return mayReach(
    db,
    rows.map((row) => row.user_id),
    path,
  );
}

/** Of these people, those holding an ACL whose root covers `path`. */
export async function mayReach(db: Kysely<Database>, userIds: number[], path: string): Promise<number[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .selectFrom('users')
    .select('users.id')
    .where('users.id', 'in', userIds)
    .where('users.status', '=', 'active')
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('acl_grants')
          .innerJoin('acls', 'acls.id', 'acl_grants.acl_id')
          .leftJoin('group_members', 'group_members.group_id', 'acl_grants.group_id')
          .where((inner) =>
            inner.or([
              inner('acl_grants.user_id', '=', inner.ref('users.id')),
              inner('group_members.user_id', '=', inner.ref('users.id')),
            ]),
          )
          .where((inner) =>
            inner.or([
              inner('acls.root_path', '=', ''),
              inner('acls.root_path', '=', path),
              sql<boolean>`left(${path}, length(acls.root_path) + 1) = acls.root_path || '/'`,
            ]),
          )
          .select('acl_grants.acl_id'),
      ),
    )
    .execute();
  return rows.map((row) => row.id);
}

export interface NewNotification {
  user_id: number;
  type: string;
  subject: string;
  actor_id: number | null;
  target_kind: string | null;
  target_id: string | null;
  key: string | null;
}

export async function insertNotifications(db: Kysely<Database>, rows: NewNotification[]) {
  if (rows.length === 0) return [];
  return db.insertInto('notifications').values(rows).returning(['id', 'user_id']).execute();
}

/**
 * R-NOTIFY-MAIL-TYPES: how a person mails a notification type — the type's own choice, else their one setting. `type`
 * is a value or a column holding one.
 */
export const mailModeOf = (type: string | RawBuilder<unknown>) =>
  sql<string>`coalesce(notification_settings.types->>${type}, notification_settings.mail)`;

/** The people among these who want a notification of this type mailed at once, with their address and language. */
export async function immediateMailTo(db: Kysely<Database>, userIds: number[], type: string) {
  if (userIds.length === 0) return [];
  return db
    .selectFrom('notification_settings')
    .innerJoin('users', 'users.id', 'notification_settings.user_id')
    .select(['users.id', 'users.email', 'users.username', 'notification_settings.language'])
    .where(mailModeOf(type), '=', 'immediate')
    .where('users.id', 'in', userIds)
    .where('users.email', 'is not', null)
    .execute();
}

/** When each of these people was last mailed a notification (absent: never). */
export async function lastMailedAt(db: Kysely<Database>, userIds: number[]) {
  if (userIds.length === 0) return new Map<number, Date>();
  const rows = await db
    .selectFrom('notifications')
    .select(['user_id', (eb) => eb.fn.max('mailed_at').as('last')])
    .where('user_id', 'in', userIds)
    .where('mailed_at', 'is not', null)
    .groupBy('user_id')
    .execute();
  return new Map(rows.map((row) => [row.user_id, new Date(row.last as unknown as string | Date)]));
}

/** Is a grouped mail already waiting to go to the person (`notifications.mail-soon`)? */
export async function groupedMailPending(db: Kysely<Database>, userId: number) {
  const row = await db
    .selectFrom('jobs')
    .select('id')
    .where('kind', '=', 'notifications.mail-soon')
    .where('done_at', 'is', null)
    .where('failed_at', 'is', null)
    .where(sql`payload->>'userId'`, '=', String(userId))
    .executeTakeFirst();
  return row !== undefined;
}

/** The person's address and mail language, if they have mail settings and an address. */
export const mailPerson = (db: Kysely<Database>, userId: number) =>
  db
    .selectFrom('notification_settings')
    .innerJoin('users', 'users.id', 'notification_settings.user_id')
    .select(['users.id', 'users.email', 'users.username', 'notification_settings.language'])
    .where('users.id', '=', userId)
    .where('users.email', 'is not', null)
    .executeTakeFirst();

export async function markMailed(db: Kysely<Database>, ids: number[]) {
  if (ids.length === 0) return;
  await db.updateTable('notifications').set({ mailed_at: new Date() }).where('id', 'in', ids).execute();
}

/** Signals the push channel, delivered when (and only if) the transaction commits. */
export async function signal(db: Kysely<Database>, payload: string) {
  await sql`select pg_notify(${NOTIFY_CHANNEL}, ${payload})`.execute(db);
}

export async function userName(db: Kysely<Database>, id: number) {
  const row = await db.selectFrom('users').select('username').where('id', '=', id).executeTakeFirst();
  return row?.username;
}

/** One page of a person's notifications, newest first, before the id `before` (keyset on the primary key). */
export async function notificationPage(
  db: Kysely<Database>,
  userId: number,
  page: { before?: number | undefined; limit: number; unreadOnly: boolean },
) {
  let query = db
    .selectFrom('notifications as n')
    .leftJoin('users as actor', 'actor.id', 'n.actor_id')
    .select([
      'n.id',
      'n.type',
      'n.subject',
      'n.target_kind',
      'n.target_id',
      'n.created_at',
      'n.read_at',
      'actor.username as actor',
    ])
    .where('n.user_id', '=', userId)
    .orderBy('n.id', 'desc')
    .limit(page.limit + 1);
  if (page.before !== undefined) query = query.where('n.id', '<', page.before);
  if (page.unreadOnly) query = query.where('n.read_at', 'is', null);
  return query.execute();
}

export async function unreadCount(db: Kysely<Database>, userId: number): Promise<number> {
  const row = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Marks one of the person's notifications read; answers whether it was theirs. */
export async function markRead(db: Kysely<Database>, userId: number, id: number): Promise<boolean> {
  const mine = await db
    .selectFrom('notifications')
    .select('id')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!mine) return false;
  await db
    .updateTable('notifications')
    .set({ read_at: new Date() })
    .where('id', '=', id)
    .where('read_at', 'is', null)
    .execute();
  return true;
}

export async function markAllRead(db: Kysely<Database>, userId: number) {
  await db
    .updateTable('notifications')
    .set({ read_at: new Date() })
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .execute();
}

export async function isSubscribed(db: Kysely<Database>, userId: number, target: string, targetId: number) {
  const row = await db
    .selectFrom('notification_subscriptions')
    .select('user_id')
    .where('user_id', '=', userId)
    .where('target', '=', target as 'folder')
    .where('target_id', '=', targetId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function addSubscription(
  db: Kysely<Database>,
  userId: number,
  target: 'folder' | 'collection' | 'asset',
  targetId: number,
) {
  await db
    .insertInto('notification_subscriptions')
    .values({ user_id: userId, target, target_id: targetId })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export async function removeSubscription(
  db: Kysely<Database>,
  userId: number,
  target: string,
  targetId: number,
) {
  await db
    .deleteFrom('notification_subscriptions')
    .where('user_id', '=', userId)
    .where('target', '=', target as 'folder')
    .where('target_id', '=', targetId)
    .execute();
}

export async function mailSetting(db: Kysely<Database>, userId: number) {
  return db
    .selectFrom('notification_settings')
    .select(['mail', 'types', 'language'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export async function saveMailSetting(
  db: Kysely<Database>,
  userId: number,
  setting: {
    mail: 'off' | 'immediate' | 'daily';
    types: Record<string, string>;
    language?: 'en' | 'fr' | undefined;
  },
) {
  const types = JSON.stringify(setting.types);
  const language = setting.language ? { language: setting.language } : {};
  await db
    .insertInto('notification_settings')
    .values({ user_id: userId, mail: setting.mail, types, ...language })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({ mail: setting.mail, types, ...language, updated_at: new Date() }),
    )
    .execute();
}

/** A person gets at most one digest in this time, however often the job runs (each server start runs it). */
export const DIGEST_GAP_MS = 23 * 60 * 60 * 1000;

export async function markDigested(db: Kysely<Database>, userId: number) {
  await db
    .updateTable('notification_settings')
    .set({ digested_at: new Date() })
    .where('user_id', '=', userId)
    .execute();
}

/** The people on the daily digest who have notifications neither read nor mailed yet. */
export async function digestRecipients(db: Kysely<Database>) {
  return db
    .selectFrom('notification_settings')
    .innerJoin('users', 'users.id', 'notification_settings.user_id')
    .select(['users.id', 'users.email', 'users.username', 'notification_settings.language'])
    .where('users.email', 'is not', null)
    .where((eb) =>
      eb.or([
        eb('notification_settings.digested_at', 'is', null),
        eb('notification_settings.digested_at', '<', new Date(Date.now() - DIGEST_GAP_MS)),
      ]),
    )
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('notifications')
          .select('notifications.id')
          .whereRef('notifications.user_id', '=', 'users.id')
          .where('notifications.mailed_at', 'is', null)
          .where('notifications.read_at', 'is', null)
          .where(mailModeOf(sql.ref('notifications.type')), '=', 'daily'),
      ),
    )
    .execute();
}

/**
 * A person's notifications of the types they mail this way (`daily` for the digest, `immediate` for a grouped mail),
 * locked so two servers running the digest at once mail each once: the second waits, then finds them mailed.
 */
export async function claimDigest(
  db: Kysely<Database>,
  userId: number,
  max: number,
  mode: 'immediate' | 'daily',
) {
  return db
    .selectFrom('notifications as n')
    .innerJoin('notification_settings', 'notification_settings.user_id', 'n.user_id')
    .leftJoin('users as actor', 'actor.id', 'n.actor_id')
    .where(mailModeOf(sql.ref('n.type')), '=', mode)
    .select(['n.id', 'n.type', 'n.subject', 'n.target_kind', 'n.target_id', 'actor.username as actor'])
    .where('n.user_id', '=', userId)
    .where('n.mailed_at', 'is', null)
    .where('n.read_at', 'is', null)
    .orderBy('n.id')
    .limit(max)
    .forUpdate('n')
    .skipLocked()
    .execute();
}
