import { type Kysely, sql } from 'kysely';
import type { Database, RequestDecision, RequestKind, RequestStatus } from '../db/schema.ts';

/** The live assets among `ids` with their paths and names. */
export const liveAssets = async (db: Kysely<Database>, ids: number[]) =>
  ids.length === 0
    ? []
    : db
        .selectFrom('assets')
        .select(['id', 'name', 'path'])
        .where('id', 'in', ids)
        .where('status', '=', 'active')
        .execute();

/** Every folder approver with its folder's path (a small table: one row per folder that names one). */
export const folderApprovers = (db: Kysely<Database>) =>
  db
    .selectFrom('request_approvers')
    .innerJoin('folders', 'folders.id', 'request_approvers.folder_id')
    .select(['folders.path', 'request_approvers.user_id', 'request_approvers.group_id'])
    .execute();

/** Every folder approver with its folder and the name people know it by (a user's full name, a group's name). */
export const namedFolderApprovers = (db: Kysely<Database>) =>
  db
    .selectFrom('request_approvers as a')
    .innerJoin('folders', 'folders.id', 'a.folder_id')
    .leftJoin('users as approver_user', 'approver_user.id', 'a.user_id')
    .leftJoin('groups', 'groups.id', 'a.group_id')
    .select([
      'folders.id as folder_id',
      'folders.path',
      'a.user_id',
      'a.group_id',
      sql<string>`coalesce(${sql.ref('groups.name')}, ${userName('approver_user')})`.as('name'),
    ])
    .execute();

/** Do the user and the group an approver names exist? */
export async function approverExists(
  db: Kysely<Database>,
  approver: { userId: number | null; groupId: number | null },
) {
  const user =
    approver.userId === null ||
    (await db.selectFrom('users').select('id').where('id', '=', approver.userId).executeTakeFirst()) !==
      undefined;
  const group =
    approver.groupId === null ||
    (await db.selectFrom('groups').select('id').where('id', '=', approver.groupId).executeTakeFirst()) !==
      undefined;
  return { user, group };
}

export const groupIdsOf = async (db: Kysely<Database>, userId: number) =>
  (await db.selectFrom('group_members').select('group_id').where('user_id', '=', userId).execute()).map(
    (row) => row.group_id,
  );

export interface NewRequest {
  kind: RequestKind;
  requestorId: number;
  approverUserId: number | null;
  approverGroupId: number | null;
  description: string;
  reason: string;
  clearance?: { from: string; to: string; regions: string[]; formats: string[] };
  assetIds: number[];
}

export async function insertRequest(trx: Kysely<Database>, request: NewRequest): Promise<number> {
  const { id } = await trx
    .insertInto('download_requests')
    .values({
      kind: request.kind,
      requestor_id: request.requestorId,
      approver_user_id: request.approverUserId,
      approver_group_id: request.approverGroupId,
      description: request.description,
      reason: request.reason,
      clearance_from: request.clearance?.from ?? null,
      clearance_to: request.clearance?.to ?? null,
      regions: request.clearance?.regions ?? [],
      formats: request.clearance?.formats ?? [],
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('download_request_items')
    .values(request.assetIds.map((assetId) => ({ request_id: id, asset_id: assetId })))
    .execute();
  return id;
}

const userName = (alias: 'requestor' | 'approver_user' | 'decider') =>
  sql<string>`coalesce(nullif(trim(concat_ws(' ', ${sql.ref(`${alias}.first_name`)}, ${sql.ref(`${alias}.last_name`)})), ''), ${sql.ref(`${alias}.username`)})`;

/** Request rows with the names a view shows; filtered by the caller. */
export const requestRows = (db: Kysely<Database>) =>
  db
    .selectFrom('download_requests as r')
    .innerJoin('users as requestor', 'requestor.id', 'r.requestor_id')
    .leftJoin('users as approver_user', 'approver_user.id', 'r.approver_user_id')
    .leftJoin('groups as approver_group', 'approver_group.id', 'r.approver_group_id')
    .leftJoin('users as decider', 'decider.id', 'r.decided_by')
    .leftJoin('loading_docks as dock', (join) =>
      join.onRef('dock.id', '=', 'r.dock_id').on('dock.done_at', 'is', null),
    )
    .select([
      'dock.notification_id as dock_notification_id',
      'r.id',
      'r.kind',
      'r.requestor_id',
      'r.approver_user_id',
      'r.approver_group_id',
      'r.description',
      'r.reason',
      'r.status',
      'r.approver_notes',
      'r.due_at',
      'r.dock_id',
      'r.regions',
      'r.formats',
      'r.created_at',
      'r.decided_at',
      sql<string | null>`r.clearance_from::text`.as('clearance_from'),
      sql<string | null>`r.clearance_to::text`.as('clearance_to'),
      sql<boolean>`coalesce(r.due_at > now(), false)`.as('before_due'),
      'requestor.username as requestor_username',
      'requestor.email as requestor_email',
      userName('requestor').as('requestor_name'),
      sql<
        string | null
      >`case when approver_user.id is null then null else ${userName('approver_user')} end`.as(
        'approver_user_name',
      ),
      'approver_group.name as approver_group_name',
      sql<string | null>`case when decider.id is null then null else ${userName('decider')} end`.as(
        'decider_name',
      ),
    ]);
export type RequestRow = Awaited<ReturnType<ReturnType<typeof requestRows>['executeTakeFirstOrThrow']>>;

export const requestById = (db: Kysely<Database>, id: number) =>
  requestRows(db).where('r.id', '=', id).executeTakeFirst();

export const myRequests = (
  db: Kysely<Database>,
  userId: number,
  filter: { status: RequestStatus | 'all'; kind: RequestKind | 'all' },
) => {
  let query = requestRows(db).where('r.requestor_id', '=', userId);
  if (filter.status !== 'all') query = query.where('r.status', '=', filter.status);
  if (filter.kind !== 'all') query = query.where('r.kind', '=', filter.kind);
  return query.orderBy('r.created_at', 'desc').orderBy('r.id', 'desc').limit(500).execute();
};

/** The requests the user approves: named as approver, in the approver group, or (administrators) without approver. */
export const approvalsFor = (
  db: Kysely<Database>,
  approver: { userId: number; groupIds: number[]; admin: boolean },
  filter: { status: 'pending' | 'decided' | 'all'; kind: RequestKind | 'all' },
) => {
  let query = requestRows(db).where((eb) =>
    eb.or([
      eb('r.approver_user_id', '=', approver.userId),
      ...(approver.groupIds.length ? [eb('r.approver_group_id', 'in', approver.groupIds)] : []),
      ...(approver.admin
        ? [eb.and([eb('r.approver_user_id', 'is', null), eb('r.approver_group_id', 'is', null)])]
        : []),
    ]),
  );
  if (filter.status === 'pending') query = query.where('r.status', '=', 'submitted');
  if (filter.status === 'decided') query = query.where('r.status', '!=', 'submitted');
  if (filter.kind !== 'all') query = query.where('r.kind', '=', filter.kind);
  return query.orderBy('r.created_at', 'asc').orderBy('r.id', 'asc').limit(500).execute();
};

/** Does a folder name the user, or one of their groups, as its approver? */
export const namedApprover = async (db: Kysely<Database>, userId: number, groupIds: number[]) =>
  (await db
    .selectFrom('request_approvers')
    .select('folder_id')
    .where((eb) =>
      eb.or([eb('user_id', '=', userId), ...(groupIds.length ? [eb('group_id', 'in', groupIds)] : [])]),
    )
    .limit(1)
    .executeTakeFirst()) !== undefined;

export const countSubmittedOf = async (db: Kysely<Database>, userId: number) =>
  Number(
    (
      await db
        .selectFrom('download_requests')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .where('requestor_id', '=', userId)
        .where('status', '=', 'submitted')
        .executeTakeFirstOrThrow()
    ).count,
  );

export const itemsOf = (db: Kysely<Database>, requestIds: number[]) =>
  requestIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('download_request_items as item')
        .innerJoin('assets', 'assets.id', 'item.asset_id')
        .select(['item.request_id', 'item.asset_id', 'assets.name', 'item.decision', 'item.reason'])
        .where('item.request_id', 'in', requestIds)
        .orderBy('item.request_id')
        .orderBy('assets.name')
        .orderBy('item.asset_id')
        .execute();

export async function setItemDecision(
  trx: Kysely<Database>,
  requestId: number,
  assetId: number,
  decision: RequestDecision,
  reason: string,
): Promise<void> {
  await trx
    .updateTable('download_request_items')
    .set({ decision, reason })
    .where('request_id', '=', requestId)
    .where('asset_id', '=', assetId)
    .execute();
}

export async function setRequestOutcome(
  trx: Kysely<Database>,
  requestId: number,
  outcome: {
    status: RequestStatus;
    decidedBy: number | null;
    notes: string;
    dueAt: Date | null;
  },
): Promise<void> {
  const decided = outcome.status !== 'submitted';
  await trx
    .updateTable('download_requests')
    .set({
      status: outcome.status,
      decided_by: outcome.decidedBy,
      approver_notes: outcome.notes,
      due_at: outcome.dueAt,
      decided_at: decided ? sql<Date>`now()` : null,
      dock_id: null,
    })
    .where('id', '=', requestId)
    .execute();
}

export async function resetItems(trx: Kysely<Database>, requestId: number): Promise<void> {
  await trx
    .updateTable('download_request_items')
    .set({ decision: 'pending', reason: '' })
    .where('request_id', '=', requestId)
    .execute();
}

export async function setRequestDock(db: Kysely<Database>, requestId: number, dockId: number): Promise<void> {
  await db.updateTable('download_requests').set({ dock_id: dockId }).where('id', '=', requestId).execute();
}

/** Locks the request's row for a decision: two approvers deciding at once take turns. */
export const lockRequest = (trx: Kysely<Database>, id: number) =>
  trx
    .selectFrom('download_requests')
    .select(['id', 'dock_id'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();

/** The approved clearances of an asset. */
export const clearancesOf = (db: Kysely<Database>, assetId: number) =>
  db
    .selectFrom('download_request_items as item')
    .innerJoin('download_requests as r', 'r.id', 'item.request_id')
    .select([
      'r.id',
      'r.regions',
      'r.formats',
      'r.decided_at',
      sql<string>`r.clearance_from::text`.as('clearance_from'),
      sql<string>`r.clearance_to::text`.as('clearance_to'),
    ])
    .where('item.asset_id', '=', assetId)
    .where('item.decision', '=', 'approved')
    .where('r.kind', '=', 'clearance')
    .where('r.status', '=', 'download approved')
    .orderBy('r.clearance_from')
    .orderBy('r.id')
    .execute();

/** The mail addresses of a request's approvers: the user, the group's members, or the administrators. */
/** The active people who decide for an approver: the user, the group's members, or (neither) the administrators. */
function approverPeople(db: Kysely<Database>, approver: { userId: number | null; groupId: number | null }) {
  let query = db.selectFrom('users').where('users.status', '=', 'active');
  if (approver.userId !== null) query = query.where('users.id', '=', approver.userId);
  else if (approver.groupId !== null)
    query = query.where('users.id', 'in', (eb) =>
      eb
        .selectFrom('group_members')
        .select('user_id')
        .where('group_id', '=', approver.groupId as number),
    );
  else query = query.where('users.is_admin', '=', true);
  return query;
}

export async function approverEmails(
  db: Kysely<Database>,
  approver: { userId: number | null; groupId: number | null },
): Promise<string[]> {
  const rows = await approverPeople(db, approver)
    .select('users.email')
    .where('users.email', 'is not', null)
    .execute();
  return rows.map((row) => row.email as string);
}

export async function approverIds(
  db: Kysely<Database>,
  approver: { userId: number | null; groupId: number | null },
): Promise<number[]> {
  return (await approverPeople(db, approver).select('users.id').execute()).map((row) => row.id);
}

/** Who a request waits on, as it was routed when submitted. */
export const approverOfRequest = async (db: Kysely<Database>, requestId: number) => {
  const row = await db
    .selectFrom('download_requests')
    .select(['approver_user_id', 'approver_group_id'])
    .where('id', '=', requestId)
    .executeTakeFirstOrThrow();
  return { userId: row.approver_user_id, groupId: row.approver_group_id };
};

export async function setFolderApprover(
  db: Kysely<Database>,
  folderId: number,
  approver: { userId: number | null; groupId: number | null },
): Promise<void> {
  await db.deleteFrom('request_approvers').where('folder_id', '=', folderId).execute();
  if (approver.userId === null && approver.groupId === null) return;
  await db
    .insertInto('request_approvers')
    .values({ folder_id: folderId, user_id: approver.userId, group_id: approver.groupId })
    .execute();
}
