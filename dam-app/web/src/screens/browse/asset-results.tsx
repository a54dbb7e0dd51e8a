import { Box, Skeleton } from '@chakra-ui/react';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import {
  type KeyboardEvent,
  type MouseEvent,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import type { AssetView } from '../../../../api/assets.ts';
import { navigate } from '../../app/use-route.ts';
import { draggedIds, startAssetDrag } from './asset-drag.ts';
import { AssetRow, ListHeader, TextRow } from './asset-rows.tsx';
import { AssetTile } from './asset-tile.tsx';
import { resultsStyle } from './results-style.ts';
import { modeOf, pick, type Selection, selectAll } from './selection.ts';

export type ListLayout = 'tile' | 'list' | 'text';

const TILE_MIN_WIDTH = 176;
const ROW_HEIGHT: Record<ListLayout, number> = { tile: 232, list: 56, text: 32 };

export interface AssetResultsProps {
  label: string;
  layout: ListLayout;
  items: readonly AssetView[];
  /** How many there are in all; rows past the loaded ones are drawn as placeholders until their page arrives. */
  total: number;
  hasMore: boolean;
  loadMore(): void;
  selection: Selection;
  onSelection(next: Selection): void;
  /** Ctrl/Cmd+A: the whole result (the server resolves it); without it, the loaded rows. */
  onSelectAll?(): void;
}

function useWidth(ref: React.RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(element.clientWidth);
    const observer = new ResizeObserver(([entry]) => setWidth(entry?.contentRect.width ?? 0));
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

/**
 * The Tile, List and Text views of a result: one listbox (multi-select, aria-activedescendant), virtualised
 * against the page's own scroll so that 10,000 assets keep a few dozen elements in the DOM. Pages load as the
 * rows near the end of what is loaded come into view.
 */
export function AssetResults(props: AssetResultsProps) {
  const { layout, items, total, hasMore, loadMore, selection, onSelection } = props;
  const listRef = useRef<HTMLDivElement>(null);
  const width = useWidth(listRef);
  const columns = layout === 'tile' ? Math.max(1, Math.floor(width / TILE_MIN_WIDTH)) : 1;
  const rowCount = Math.ceil(total / columns);
  const [scrollMargin, setScrollMargin] = useState(0);
  const [active, setActive] = useState(0);

  // The list's distance from the top of the page moves when the layout or the width (wrapping toolbars) changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: layout and width are the triggers, not inputs
  useLayoutEffect(() => {
    const top = listRef.current?.getBoundingClientRect().top ?? 0;
    setScrollMargin(top + window.scrollY);
  }, [layout, width]);

  const virtualizer = useWindowVirtualizer({
    count: rowCount,
    estimateSize: () => ROW_HEIGHT[layout],
    overscan: layout === 'tile' ? 3 : 10,
    scrollMargin,
    // Scrolling re-renders in the next frame rather than synchronously inside the scroll event.
    useFlushSync: false,
  });
  const virtualRows = virtualizer.getVirtualItems();
  const lastShown = ((virtualRows.at(-1)?.index ?? 0) + 1) * columns;

  useEffect(() => {
    if (hasMore && lastShown >= items.length - columns * 4) loadMore();
  }, [hasMore, lastShown, items.length, columns, loadMore]);

  const order = useCallback(() => items.map((asset) => asset.id), [items]);
  const activeIndex = Math.min(active, Math.max(0, items.length - 1));
  const activeAsset = items[activeIndex];

  const moveTo = (index: number, extend: boolean) => {
    const next = Math.max(0, Math.min(items.length - 1, index));
    setActive(next);
    virtualizer.scrollToIndex(Math.floor(next / columns), { align: 'auto' });
    const asset = items[next];
    if (extend && asset) onSelection(pick(selection, order(), asset.id, 'range'));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const pageRows = Math.max(1, Math.floor(window.innerHeight / ROW_HEIGHT[layout]) - 1);
    const steps: Record<string, number> = {
      ArrowDown: columns,
      ArrowUp: -columns,
      PageDown: pageRows * columns,
      PageUp: -pageRows * columns,
      ...(layout === 'tile' ? { ArrowRight: 1, ArrowLeft: -1 } : {}),
    };
    const step = steps[event.key];
    if (step !== undefined) {
      event.preventDefault();
      if (event.shiftKey && selection.anchor === null && activeAsset)
        onSelection(pick(selection, order(), activeAsset.id, 'only'));
      moveTo(activeIndex + step, event.shiftKey);
    } else if (event.key === 'Home' || event.key === 'End') {
      event.preventDefault();
      moveTo(event.key === 'Home' ? 0 : items.length - 1, event.shiftKey);
    } else if (event.key === ' ' && activeAsset) {
      event.preventDefault();
      onSelection(pick(selection, order(), activeAsset.id, event.shiftKey ? 'range' : 'toggle'));
    } else if (event.key === 'Enter' && activeAsset) {
      event.preventDefault();
      navigate({ name: 'asset', id: activeAsset.id });
    } else if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'a') {
      event.preventDefault();
      if (props.onSelectAll) props.onSelectAll();
      else onSelection(selectAll(order()));
    }
  };

  // One click and one context-menu handler for the whole list (event delegation): the items stay memoised.
  const itemAt = (target: EventTarget) => {
    const element = target as Element;
    const option = element.closest<HTMLElement>('[role="option"]');
    const index = Number(option?.dataset.index ?? -1);
    const asset = items[index];
    return asset ? { asset, index, onCheck: element.closest('[data-check]') !== null } : undefined;
  };
  const onClick = (event: MouseEvent) => {
    const hit = itemAt(event.target);
    if (!hit) return;
    setActive(hit.index);
    const mode = hit.onCheck ? (event.shiftKey ? 'range' : 'toggle') : modeOf(event);
    if (mode === 'only') navigate({ name: 'asset', id: hit.asset.id });
    else onSelection(pick(selection, order(), hit.asset.id, mode));
  };
  const onContextMenu = (event: MouseEvent) => {
    const hit = itemAt(event.target);
    if (!hit) return;
    setActive(hit.index);
    if (!selection.ids.has(hit.asset.id)) onSelection(pick(selection, order(), hit.asset.id, 'only'));
  };

  const placeholder = (key: string) => (
    <div
      key={key}
      aria-hidden="true"
      style={{ flex: layout === 'tile' ? 1 : undefined, minWidth: 0, padding: 8 }}
    >
      <Skeleton height={layout === 'tile' ? '40' : '6'} />
    </div>
  );

  return (
    <Box>
      {layout === 'list' && <ListHeader />}
      <Box
        ref={listRef}
        role="listbox"
        aria-label={props.label}
        aria-multiselectable="true"
        aria-activedescendant={activeAsset ? `asset-option-${activeAsset.id}` : undefined}
        tabIndex={0}
        onKeyDown={onKeyDown}
        onDragStart={(event) => {
          const option = (event.target as HTMLElement).closest<HTMLElement>('[role="option"]');
          const id = Number(option?.dataset.assetId);
          if (id > 0) startAssetDrag(event, draggedIds(selection.ids, id));
        }}
        onClick={onClick}
        onContextMenu={onContextMenu}
        data-layout={layout}
        position="relative"
        height={`${virtualizer.getTotalSize()}px`}
        outline="none"
        borderRadius="md"
        css={resultsStyle}
        _focusVisible={{ '& [data-active]': { outline: '3px solid', outlineColor: 'teal.solid' } }}
      >
        {virtualRows.map((row) => (
          // Plain elements with inline positions: a style prop per row would make a CSS class per scroll offset.
          <div
            key={row.key}
            style={{
              position: 'absolute',
              top: 0,
              left: 0,
              width: '100%',
              height: row.size,
              transform: `translateY(${row.start - virtualizer.options.scrollMargin}px)`,
              display: 'flex',
              gap: layout === 'tile' ? 12 : 0,
              paddingBottom: layout === 'tile' ? 12 : 0,
            }}
          >
            {Array.from({ length: columns }, (_, column) => {
              const index = row.index * columns + column;
              const asset = items[index];
              if (asset) {
                const shared = {
                  asset,
                  index,
                  selected: selection.ids.has(asset.id),
                  active: index === activeIndex,
                  setSize: total,
                };
                if (layout === 'tile') return <AssetTile key={asset.id} {...shared} />;
                if (layout === 'list') return <AssetRow key={asset.id} {...shared} />;
                return <TextRow key={asset.id} {...shared} />;
              }
              if (index < total) return placeholder(`wait-${index}`);
              return <div key={`none-${index}`} style={{ flex: 1, minWidth: 0 }} />;
            })}
          </div>
        ))}
      </Box>
    </Box>
  );
}
