import type { MouseEvent } from 'react';
import type { AssetView } from '../../../../api/assets.ts';

/** What every view's item (tile, list row, text row) gets from the result list. */
export interface AssetItemProps {
  asset: AssetView;
  id: string;
  selected: boolean;
  active: boolean;
  position: number;
  setSize: number;
  onClick(event: MouseEvent): void;
  onCheck(event: MouseEvent): void;
  onContextMenu(): void;
}

/** The ARIA and event attributes of an item: an option of the multi-select listbox. */
export function optionAttributes(props: AssetItemProps) {
  return {
    id: props.id,
    role: 'option',
    'aria-selected': props.selected,
    'aria-posinset': props.position,
    'aria-setsize': props.setSize,
    'data-asset-id': props.asset.id,
    'data-asset-name': props.asset.name,
    'data-active': props.active ? '' : undefined,
    'data-selected': props.selected ? '' : undefined,
    onClick: props.onClick,
    onContextMenu: props.onContextMenu,
  } as const;
}
