import { describe, expect, it } from 'vitest';
import { addIds, EMPTY_SELECTION, modeOf, pick, selectAll } from './selection.ts';

const order = [10, 11, 12, 13, 14];
const ids = (selection: { ids: ReadonlySet<number> }) => [...selection.ids].sort((a, b) => a - b);

describe('multi-select', () => {
  it('click picks one, ctrl toggles, shift picks the range from the anchor', () => {
    let selection = pick(EMPTY_SELECTION, order, 11, 'only');
    expect(ids(selection)).toEqual([11]);
    selection = pick(selection, order, 13, 'range');
    expect(ids(selection)).toEqual([11, 12, 13]);
    // A second shift-click re-draws from the same anchor.
    selection = pick(selection, order, 10, 'range');
    expect(ids(selection)).toEqual([10, 11]);
    selection = pick(selection, order, 14, 'toggle');
    expect(ids(selection)).toEqual([10, 11, 14]);
    selection = pick(selection, order, 10, 'toggle');
    expect(ids(selection)).toEqual([11, 14]);
    expect(ids(pick(selection, order, 12, 'only'))).toEqual([12]);
  });

  it('a range without an anchor picks one; select all and CSV ids add up', () => {
    expect(ids(pick(EMPTY_SELECTION, order, 12, 'range'))).toEqual([12]);
    expect(ids(selectAll(order))).toEqual(order);
    expect(ids(addIds(pick(EMPTY_SELECTION, order, 10, 'only'), [99, 10]))).toEqual([10, 99]);
  });

  it('reads the mode from modifier keys (cmd counts as ctrl on macOS)', () => {
    expect(modeOf({ shiftKey: true, ctrlKey: true, metaKey: false })).toBe('range');
    expect(modeOf({ shiftKey: false, ctrlKey: false, metaKey: true })).toBe('toggle');
    expect(modeOf({ shiftKey: false, ctrlKey: false, metaKey: false })).toBe('only');
  });
});
