import {
  HOME_FIRST_VISIT_DAYS,
  HOME_LIST_LIMIT,
  HOME_VISIT_GAP_MINUTES,
  type Home,
  type HomeAsset,
} from '../../api/home.ts';
import type { Principal } from '../access/principal.ts';
import { assetViews } from '../assets/asset-views.ts';
import type { DamServices } from '../services.ts';
import { myTasks } from '../tasks/task-service.ts';
import { myWorkspace } from '../workspaces/workspace-service.ts';
import * as queries from './home-queries.ts';

/** The Home view of asset rows: each asset's API view, when (`at`) and by whom it came. */
async function homeAssets(
  services: DamServices,
  rows: queries.HomeAssetRow[],
  when: 'date_added' | 'updated_at',
): Promise<HomeAsset[]> {
  const uploaderIds = [
    ...new Set(rows.flatMap((row) => (row.uploaded_by === null ? [] : [row.uploaded_by]))),
  ];
  const [views, users] = await Promise.all([
    assetViews(services.db, rows),
    queries.usernames(services.db, uploaderIds),
  ]);
  const nameOf = new Map(users.map((user) => [user.id, user.username]));
  return rows.map((row, index) => ({
    asset: views[index] as HomeAsset['asset'],
    at: row[when].toISOString(),
    uploadedBy: row.uploaded_by === null ? null : (nameOf.get(row.uploaded_by) ?? null),
  }));
}

/**
 * R-HOME: what a person can act from when their workspace opens — recent uploads, what changed since their last
 * visit to this workspace's Home (this call records the visit), what waits on them (My Tasks, where each request they approve is a task) and what was shared
 * with them. Every asset listed is one they may see.
 */
export async function home(services: DamServices, principal: Principal, now = new Date()): Promise<Home> {
  const { db } = services;
  const workspace = (await myWorkspace(services, principal)).workspace;
  const since = await queries.recordVisit(
    db,
    principal.user.id,
    workspace?.id ?? 0,
    now,
    HOME_VISIT_GAP_MINUTES,
    HOME_FIRST_VISIT_DAYS,
  );
  const limit = HOME_LIST_LIMIT;
  const [mine, library, changed, tasks, shared] = await Promise.all([
    queries.recentUploads(db, principal, true, limit),
    queries.recentUploads(db, principal, false, limit),
    queries.changedSince(db, principal, since, limit),
    myTasks(services, principal),
    queries.sharedWithMe(db, principal, limit),
  ]);
  return {
    since: since.toISOString(),
    recentUploads: {
      mine: await homeAssets(services, mine, 'date_added'),
      library: await homeAssets(services, library, 'date_added'),
    },
    changed: await homeAssets(services, changed, 'updated_at'),
    // Open first (an error before a scheduled task), as My Tasks orders them.
    waiting: tasks.items.filter((task) => task.status !== 'Completed').slice(0, limit),
    shared: shared.map((row) => ({
      id: row.id,
      name: row.name,
      owner: row.owner,
      assetCount: Number(row.asset_count ?? 0),
      at: row.created_at.toISOString(),
    })),
  };
}
