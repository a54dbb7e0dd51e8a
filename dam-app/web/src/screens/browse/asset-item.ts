import type { AssetView } from '../../../../api/assets.ts';

/** What every view's item (tile, list row, text row) gets from the result list; events are the listbox's. */
export interface AssetItemProps {
  asset: AssetView;
  index: number;
  selected: boolean;
  active: boolean;
  setSize: number;
}

/** The ARIA attributes of an item: an option of the multi-select listbox. */
export function optionAttributes(props: AssetItemProps) {
  return {
    id: `asset-option-${props.asset.id}`,
    role: 'option',
    'aria-selected': props.selected,
    'aria-posinset': props.index + 1,
    'aria-setsize': props.setSize,
    'data-index': props.index,
    'data-asset-id': props.asset.id,
    'data-asset-name': props.asset.name,
    'data-active': props.active ? '' : undefined,
    'data-selected': props.selected ? '' : undefined,
    // Dragged onto a Places folder, the asset (or the selection it is in) is moved there.
    draggable: true,
  } as const;
}
