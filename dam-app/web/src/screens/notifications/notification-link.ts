import { parseCommentTarget, type TargetKind } from '../../../../api/notifications.ts';
import type { Route } from '../../router/routes.ts';

/** Where a notification or a task takes the person: the asset (its Discussion tab at a comment), folder, collection, the Loading Dock, Approvals Pending or My Requests. */
export function targetRoute(target: { kind: TargetKind; id: string } | null): Route | undefined {
  if (!target) return undefined;
  if (target.kind === 'dock') return { name: 'loading-dock' };
  if (target.kind === 'approval') return { name: 'approvals' };
  if (target.kind === 'request') return { name: 'my-requests' };
  if (target.kind === 'comment') {
    const at = parseCommentTarget(target.id);
    return (
      at && { name: 'asset', id: at.assetId, tab: 'discussion', version: at.version, comment: at.commentId }
    );
  }
  const id = Number(target.id);
  if (!Number.isInteger(id)) return undefined;
  if (target.kind === 'asset') return { name: 'asset', id };
  if (target.kind === 'folder') return { name: 'folder', id };
  return { name: 'collection', id };
}
