/** The assets picked in a result list: their ids, and the anchor a shift-click extends from. */
export interface Selection {
  ids: ReadonlySet<number>;
  anchor: number | null;
}

export const EMPTY_SELECTION: Selection = { ids: new Set(), anchor: null };

export type PickMode = 'only' | 'toggle' | 'range';

/**
 * Click picks one, ctrl/cmd-click toggles one, shift-click picks the range from the anchor (ids in list order);
 * a range keeps the anchor so that the next shift-click re-draws from the same place, as file managers do.
 */
export function pick(selection: Selection, order: readonly number[], id: number, mode: PickMode): Selection {
  if (mode === 'toggle') {
    const ids = new Set(selection.ids);
    if (ids.has(id)) ids.delete(id);
    else ids.add(id);
    return { ids, anchor: id };
  }
  if (mode === 'range' && selection.anchor !== null) {
    const from = order.indexOf(selection.anchor);
    const to = order.indexOf(id);
    if (from >= 0 && to >= 0) {
      const [start, end] = from <= to ? [from, to] : [to, from];
      return { ids: new Set(order.slice(start, end + 1)), anchor: selection.anchor };
    }
  }
  return { ids: new Set([id]), anchor: id };
}

export function selectAll(order: readonly number[]): Selection {
  return { ids: new Set(order), anchor: order[0] ?? null };
}

/** Adds ids found elsewhere (Bulk Select by CSV) to the selection. */
export function addIds(selection: Selection, ids: readonly number[]): Selection {
  return { ids: new Set([...selection.ids, ...ids]), anchor: selection.anchor ?? ids[0] ?? null };
}

/** The mode a pointer or key event asks for. */
export function modeOf(event: { shiftKey: boolean; ctrlKey: boolean; metaKey: boolean }): PickMode {
  if (event.shiftKey) return 'range';
  if (event.ctrlKey || event.metaKey) return 'toggle';
  return 'only';
}
