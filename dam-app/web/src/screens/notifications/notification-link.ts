import type { TargetKind } from '../../../../api/notifications.ts';
import type { Route } from '../../router/routes.ts';

/** Where a notification or a task takes the person: the asset, folder, collection or the Loading Dock. */
export function targetRoute(target: { kind: TargetKind; id: string } | null): Route | undefined {
  if (!target) return undefined;
  if (target.kind === 'dock') return { name: 'loading-dock' };
  const id = Number(target.id);
  if (!Number.isInteger(id)) return undefined;
  if (target.kind === 'asset') return { name: 'asset', id };
  if (target.kind === 'folder') return { name: 'folder', id };
  return { name: 'collection', id };
}
