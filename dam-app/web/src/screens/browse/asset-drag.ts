import type { DragEvent } from 'react';

/** The drag data type of assets dragged out of a result list: their ids, as JSON. */
export const ASSET_DRAG_TYPE = 'application/x-rapid-dam-assets';

/** What a drag from the results carries: the selection when the dragged asset is in it, else that asset alone. */
export function draggedIds(selected: ReadonlySet<number>, id: number): number[] {
  return selected.has(id) ? [...selected] : [id];
}

/** Starts a drag of assets: their ids for a Places folder, and their count as text for anything else. */
export function startAssetDrag(event: DragEvent<HTMLElement>, ids: readonly number[]) {
  event.dataTransfer.setData(ASSET_DRAG_TYPE, JSON.stringify(ids));
  event.dataTransfer.setData('text/plain', ids.join(','));
  event.dataTransfer.effectAllowed = 'move';
}

/** True while what is dragged is assets from a result list (not files from the desktop). */
export const carriesAssets = (event: DragEvent<HTMLElement>) =>
  [...event.dataTransfer.types].includes(ASSET_DRAG_TYPE);

/** The ids a drop carries, or none when its data is not a list of ids. */
export function droppedIds(event: DragEvent<HTMLElement>): number[] {
  try {
    const ids: unknown = JSON.parse(event.dataTransfer.getData(ASSET_DRAG_TYPE) || '[]');
    return Array.isArray(ids) ? ids.filter((id): id is number => Number.isInteger(id) && id > 0) : [];
  } catch {
    return [];
  }
}
