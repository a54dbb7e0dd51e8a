import type { Kysely } from 'kysely';
import type { z } from 'zod';
import {
  type approvalsQuerySchema,
  type createRequestSchema,
  type decisionSchema,
  type FolderApproverView,
  type folderApproverSchema,
  type myRequestsQuerySchema,
  REQUEST_MESSAGES,
  type RequestView,
} from '../../api/requests.ts';
import type { Principal } from '../access/principal.ts';
import { ApiError, forbidden, notFound } from '../api/api-error.ts';
import { visibleAssetIds } from '../assets/asset-records.ts';
import type { Database, RequestStatus } from '../db/schema.ts';
import { findFolder } from '../folders/folder-queries.ts';
import { queueJob } from '../jobs/job-payloads.ts';
import { cleanLoadingDock } from '../loading-dock/cleanup.ts';
import { prepareGrantedDock } from '../loading-dock/loading-dock-service.ts';
import type { DamServices } from '../services.ts';
import { workflowEventForAssets } from '../workflows/workflow-events.ts';
import { approvalWaiting, requestDecided } from './request-events.ts';
import * as queries from './request-queries.ts';

type Approver = { userId: number | null; groupId: number | null };
type Viewer = { userId: number; groupIds: number[]; admin: boolean; adminMode: boolean };

const viewerOf = async (services: DamServices, principal: Principal): Promise<Viewer> => ({
  userId: principal.user.id,
  groupIds: await queries.groupIdsOf(services.db, principal.user.id),
  admin: principal.user.is_admin,
  adminMode: principal.adminMode && principal.user.is_admin,
});

/** Who decides: the named user, a member of the named group, or (none named) an administrator; admin mode overrides. */
function mayDecide(viewer: Viewer, row: queries.RequestRow): boolean {
  if (viewer.adminMode) return true;
  if (row.approver_user_id !== null) return row.approver_user_id === viewer.userId;
  if (row.approver_group_id !== null) return viewer.groupIds.includes(row.approver_group_id);
  return viewer.admin;
}

async function views(
  db: Kysely<Database>,
  rows: queries.RequestRow[],
  viewer: Viewer,
): Promise<RequestView[]> {
  const items = await queries.itemsOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    description: row.description,
    reason: row.reason,
    status: row.status,
    requestor: {
      id: row.requestor_id,
      name: row.requestor_name,
      username: row.requestor_username,
      email: row.requestor_email,
    },
    approverName: row.decider_name ?? row.approver_user_name ?? row.approver_group_name ?? 'Administrators',
    approverNotes: row.approver_notes,
    dueAt: row.due_at?.toISOString() ?? null,
    receivedAt: row.created_at.toISOString(),
    decidedAt: row.decided_at?.toISOString() ?? null,
    clearance:
      row.kind === 'clearance'
        ? {
            from: row.clearance_from ?? '',
            to: row.clearance_to ?? '',
            regions: row.regions,
            formats: row.formats,
          }
        : null,
    items: items
      .filter((item) => item.request_id === row.id)
      .map((item) => ({
        assetId: item.asset_id,
        name: item.name,
        decision: item.decision,
        reason: item.reason,
      })),
    mayDecide: mayDecide(viewer, row),
    granted: row.kind === 'download' && row.status === 'download approved' && row.before_due,
    dockNotificationId: row.dock_notification_id,
  }));
}

async function viewOf(db: Kysely<Database>, id: number, viewer: Viewer): Promise<RequestView> {
  const row = await queries.requestById(db, id);
  if (!row) throw notFound('request');
  const [view] = await views(db, [row], viewer);
  return view as RequestView;
}

/** The nearest folder above `path` (an asset's or a folder's) that names an approver. */
function nearestApproving<T extends { path: string }>(path: string, approvers: T[]): T | undefined {
  let best: T | undefined;
  for (const each of approvers)
    if (
      (each.path === '' || path.startsWith(`${each.path}/`)) &&
      (!best || each.path.length > best.path.length)
    )
      best = each;
  return best;
}

/** The approver of an asset: that of its nearest folder naming one, else none (the administrators). */
function approverOf(
  path: string,
  approvers: { path: string; user_id: number | null; group_id: number | null }[],
) {
  const best = nearestApproving(path, approvers);
  return { userId: best?.user_id ?? null, groupId: best?.group_id ?? null };
}

/**
 * A request for assets the requestor can see, split into one request per approver (the assets'
 * folders may name different ones); each approver is told. Assets the requestor cannot see are not found (a
 * clearance request says the clearance failed).
 */
export async function createRequests(
  services: DamServices,
  principal: Principal,
  body: z.output<typeof createRequestSchema>,
): Promise<{ requests: RequestView[] }> {
  const wanted = [...new Set(body.assetIds)];
  const visible = new Set(await visibleAssetIds(services, principal, wanted));
  const assets = (await queries.liveAssets(services.db, [...visible])).filter((asset) =>
    visible.has(asset.id),
  );
  if (assets.length !== wanted.length) {
    if (body.kind === 'clearance')
      throw new ApiError(400, 'clearance_failed', REQUEST_MESSAGES.clearanceFailed);
    throw notFound('asset');
  }
  const approvers = await queries.folderApprovers(services.db);
  const byApprover = new Map<string, { approver: Approver; assetIds: number[] }>();
  for (const asset of assets) {
    const approver = approverOf(asset.path, approvers);
    const key = `${approver.userId}:${approver.groupId}`;
    const entry = byApprover.get(key) ?? { approver, assetIds: [] };
    entry.assetIds.push(asset.id);
    byApprover.set(key, entry);
  }
  const viewer = await viewerOf(services, principal);
  const requests = await services.db.transaction().execute(async (trx) => {
    const made: RequestView[] = [];
    for (const { approver, assetIds } of byApprover.values()) {
      const id = await queries.insertRequest(trx, {
        kind: body.kind,
        requestorId: principal.user.id,
        approverUserId: approver.userId,
        approverGroupId: approver.groupId,
        description: body.description,
        reason: body.reason,
        clearance: body.clearance && { ...body.clearance, to: body.clearance.to as string },
        assetIds,
      });
      const view = await viewOf(trx, id, viewer);
      await approvalWaiting(services, trx, view, approver);
      made.push(view);
    }
    return made;
  });
  return { requests };
}

export async function myRequests(
  services: DamServices,
  principal: Principal,
  query: z.output<typeof myRequestsQuerySchema>,
) {
  const viewer = await viewerOf(services, principal);
  return {
    items: await views(services.db, await queries.myRequests(services.db, principal.user.id, query), viewer),
  };
}

export async function approvals(
  services: DamServices,
  principal: Principal,
  query: z.output<typeof approvalsQuerySchema>,
) {
  const viewer = await viewerOf(services, principal);
  const rows = await queries.approvalsFor(services.db, viewer, query);
  return { items: await views(services.db, rows, viewer) };
}

export async function requestCounts(services: DamServices, principal: Principal) {
  const viewer = await viewerOf(services, principal);
  const pending = await queries.approvalsFor(services.db, viewer, { status: 'pending', kind: 'all' });
  return {
    pendingApprovals: pending.filter((row) => mayDecide(viewer, row)).length,
    myOpenRequests: await queries.countSubmittedOf(services.db, principal.user.id),
    mayApprove:
      pending.length > 0 || (await queries.namedApprover(services.db, viewer.userId, viewer.groupIds)),
  };
}

/** A request exists for its requestor and its approvers only (404 for anyone else). */
export async function getRequest(services: DamServices, principal: Principal, id: number) {
  const viewer = await viewerOf(services, principal);
  const view = await viewOf(services.db, id, viewer);
  if (!view.mayDecide && view.requestor.id !== principal.user.id) throw notFound('request');
  return view;
}

async function decidable(services: DamServices, principal: Principal, id: number) {
  const view = await getRequest(services, principal, id);
  if (!view.mayDecide) throw forbidden();
  return view;
}

/** Ends the download grant's delivery: the dock the approval filled is cleaned (the gate already refuses it). */
async function revokeDock(services: DamServices, dockId: number | null) {
  if (dockId !== null) await cleanLoadingDock(services, { dockId });
}

/**
 * every asset approved or rejected (a reason for each rejected one), with notes; a download
 * request with an approved asset needs a due date not in the past. Approved: the requestor may download exactly the
 * approved assets until the due date, delivered in a loading dock made for them; all rejected: "download rejected".
 * Deciding again replaces the earlier decision and its grant.
 */
export async function decideRequest(
  services: DamServices,
  principal: Principal,
  id: number,
  body: z.output<typeof decisionSchema>,
) {
  const before = await decidable(services, principal, id);
  const decided = new Map(body.items.map((item) => [item.assetId, item]));
  const named = before.items.map((item) => item.assetId);
  if (
    decided.size !== body.items.length ||
    named.length !== decided.size ||
    named.some((asset) => !decided.has(asset))
  )
    throw new ApiError(400, 'invalid_input', REQUEST_MESSAGES.everyAssetDecided);
  const approved = body.items.filter((item) => item.decision === 'approved').map((item) => item.assetId);
  if (before.kind === 'download' && approved.length > 0 && body.dueAt === null)
    throw new ApiError(400, 'invalid_input', REQUEST_MESSAGES.dueDateRequired);
  const status: RequestStatus = approved.length > 0 ? 'download approved' : 'download rejected';
  const dueAt = before.kind === 'download' && body.dueAt !== null ? new Date(body.dueAt) : null;
  const viewer = await viewerOf(services, principal);
  const { view, oldDock } = await services.db.transaction().execute(async (trx) => {
    const locked = await queries.lockRequest(trx, id);
    if (!locked) throw notFound('request');
    for (const item of body.items)
      await queries.setItemDecision(
        trx,
        id,
        item.assetId,
        item.decision,
        item.decision === 'rejected' ? item.reason.trim() : '',
      );
    await queries.setRequestOutcome(trx, id, {
      status,
      decidedBy: principal.user.id,
      notes: body.notes,
      dueAt: approved.length > 0 ? dueAt : null,
    });
    const view = await viewOf(trx, id, viewer);
    await requestDecided(services, trx, view);
    await workflowEventForAssets(trx, 'approved', approved, services);
    return { view, oldDock: locked.dock_id };
  });
  await revokeDock(services, oldDock);
  if (view.granted && dueAt) await deliverGrant(services, view, approved, dueAt);
  return viewOf(services.db, id, viewer);
}

/**
 * Delivery: the approved assets are placed in a loading dock of the requestor's, cleaned at the due
 * date. A dock that cannot be made now (no space) leaves the grant standing: the requestor prepares it from My Requests.
 */
async function deliverGrant(services: DamServices, view: RequestView, assetIds: number[], dueAt: Date) {
  try {
    const dock = await prepareGrantedDock(services, view.requestor.id, assetIds);
    if (!dock) return;
    await queries.setRequestDock(services.db, view.id, dock.loadingDockId);
    const seconds = Math.max(1, Math.ceil((dueAt.getTime() - Date.now()) / 1000));
    await queueJob(services.db, 'loading-dock.cleanup', { dockId: dock.loadingDockId }, seconds);
  } catch (error) {
    services.log.warn('requests.dock_failed', { requestId: view.id, error: String(error) });
  }
}

/** back to pending (submitted), every asset pending again; the grant and its dock end. */
export async function reopenRequest(services: DamServices, principal: Principal, id: number) {
  await decidable(services, principal, id);
  const viewer = await viewerOf(services, principal);
  const { view, oldDock } = await services.db.transaction().execute(async (trx) => {
    const locked = await queries.lockRequest(trx, id);
    if (!locked) throw notFound('request');
    await queries.resetItems(trx, id);
    await queries.setRequestOutcome(trx, id, {
      status: 'submitted',
      decidedBy: null,
      notes: '',
      dueAt: null,
    });
    const view = await viewOf(trx, id, viewer);
    await requestDecided(services, trx, view);
    return { view, oldDock: locked.dock_id };
  });
  await revokeDock(services, oldDock);
  return view;
}

/** The approved clearances of an asset the caller can see (shown in its view). */
export async function assetClearances(services: DamServices, principal: Principal, assetId: number) {
  const [visible] = await visibleAssetIds(services, principal, [assetId]);
  if (visible === undefined) throw notFound('asset');
  const rows = await queries.clearancesOf(services.db, assetId);
  return {
    items: rows.map((row) => ({
      requestId: row.id,
      from: row.clearance_from,
      to: row.clearance_to,
      regions: row.regions,
      formats: row.formats,
      approvedAt: row.decided_at?.toISOString() ?? null,
    })),
  };
}

export async function setFolderApprover(
  services: DamServices,
  folderId: number,
  body: z.output<typeof folderApproverSchema>,
) {
  if (!(await findFolder(services.db, folderId))) throw notFound('folder');
  const exists = await queries.approverExists(services.db, body);
  if (!exists.user) throw notFound('user');
  if (!exists.group) throw notFound('group');
  await queries.setFolderApprover(services.db, folderId, body);
}

/** A folder's own approver and the one it inherits (R-FOLDER-APPROVER): what its screen shows before a change. */
export async function folderApprover(services: DamServices, folderId: number): Promise<FolderApproverView> {
  const folder = await findFolder(services.db, folderId);
  if (!folder) throw notFound('folder');
  const approvers = await queries.namedFolderApprovers(services.db);
  const ref = (row: (typeof approvers)[number]) => ({
    userId: row.user_id,
    groupId: row.group_id,
    name: row.name,
  });
  const own = approvers.find((row) => row.folder_id === folder.id);
  const above = nearestApproving(
    folder.path,
    approvers.filter((row) => row.folder_id !== folder.id),
  );
  return {
    path: folder.path,
    own: own ? ref(own) : null,
    inherited: above ? { ...ref(above), folderId: above.folder_id, folderPath: above.path } : null,
  };
}
