import { Box, Flex, Text } from '@chakra-ui/react';
import {
  type DragEvent,
  type KeyboardEvent,
  lazy,
  Suspense,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import type { SessionView } from '../../../../api/accounts.ts';
import type { FolderView } from '../../../../api/folders.ts';
import { usePreferences } from '../../app/preferences.tsx';
import { navigate } from '../../app/use-route.ts';
import { mayChangeAssets } from '../../asset-widgets/asset-access.ts';
import { carriesAssets, droppedIds } from './asset-drag.ts';
import { type DropTargetProps, useBrowseExtensions } from './browse-extensions.tsx';
import { FolderContextMenu } from './folder-actions.tsx';
import { ancestorsOf, buildTree, type TreeKey, treeKey, visibleRows } from './tree-model.ts';

// Assets dropped on a folder open Move or Copy with that folder chosen; the dialog loads then.
const MoveCopyDialog = lazy(() =>
  import('../../asset-widgets/move-copy-dialog.tsx').then((module) => ({ default: module.MoveCopyDialog })),
);

const TREE_KEYS = new Set(['ArrowDown', 'ArrowUp', 'ArrowRight', 'ArrowLeft', 'Home', 'End']);

/**
 * The places tree as an ARIA tree: one tab stop (the focused folder), arrows move and open, Home/End jump,
 * Enter opens the folder. Only expanded folders' children are drawn. Every folder is a drop target for the
 * extensions (drag-and-drop upload), highlighted while files are over it, and for assets dragged from a result list:
 * dropped there, Move or Copy opens with that folder as the destination (the asset actions menu's Move or Copy… is
 * the keyboard's way to the same dialog).
 */
export function PlacesTree({
  session,
  data,
  currentId,
}: {
  session: SessionView;
  data: { root: FolderView; folders: FolderView[] };
  currentId: number | undefined;
}) {
  const { t } = usePreferences();
  const { folderDropTarget } = useBrowseExtensions();
  const tree = useMemo(() => buildTree(data.root, data.folders), [data]);
  const [expanded, setExpanded] = useState<Set<number>>(() => new Set([data.root.id]));
  const [focusedId, setFocusedId] = useState(currentId ?? data.root.id);
  const [menuFolder, setMenuFolder] = useState<FolderView | undefined>();
  const [assetsOver, setAssetsOver] = useState<number | undefined>();
  const [dropped, setDropped] = useState<{ ids: number[]; folder: FolderView } | undefined>();
  const mayMove = mayChangeAssets(session);
  /** The folder's drop props: assets from the results are handled here, files go on to the extensions' target. */
  const dropProps = (folder: FolderView, files: DropTargetProps | undefined) => {
    const accept = (event: DragEvent<HTMLElement>) => {
      event.preventDefault();
      event.dataTransfer.dropEffect = 'move';
      setAssetsOver(folder.id);
    };
    return {
      ...files,
      'data-drop-target': assetsOver === folder.id || files?.['data-drop-target'],
      onDragEnter: (event: DragEvent<HTMLElement>) =>
        mayMove && carriesAssets(event) ? accept(event) : files?.onDragEnter(event),
      onDragOver: (event: DragEvent<HTMLElement>) =>
        mayMove && carriesAssets(event) ? accept(event) : files?.onDragOver(event),
      onDragLeave: (event: DragEvent<HTMLElement>) => {
        if (carriesAssets(event)) setAssetsOver((over) => (over === folder.id ? undefined : over));
        else files?.onDragLeave(event);
      },
      onDrop: (event: DragEvent<HTMLElement>) => {
        if (!carriesAssets(event)) return files?.onDrop(event);
        event.preventDefault();
        setAssetsOver(undefined);
        const ids = droppedIds(event);
        if (mayMove && ids.length > 0) setDropped({ ids, folder });
      },
    };
  };
  const listRef = useRef<HTMLUListElement>(null);
  const rows = useMemo(() => visibleRows(tree, expanded), [tree, expanded]);

  // The folder shown is always visible in the tree: its ancestors open when it changes.
  useEffect(() => {
    if (currentId === undefined || !tree.byId.has(currentId)) return;
    setExpanded((open) => {
      const missing = ancestorsOf(tree, currentId).filter((id) => !open.has(id));
      return missing.length ? new Set([...open, ...missing]) : open;
    });
    setFocusedId(currentId);
  }, [currentId, tree]);

  const focusable = rows.some((row) => row.folder.id === focusedId) ? focusedId : tree.root.id;

  // Focus follows the keys once the row is drawn (a row an expand reveals is drawn on the next render).
  const [moveFocus, setMoveFocus] = useState(false);
  useLayoutEffect(() => {
    if (!moveFocus) return;
    setMoveFocus(false);
    listRef.current?.querySelector<HTMLElement>(`[data-folder-id="${focusedId}"]`)?.focus();
  }, [moveFocus, focusedId]);
  const focusRow = (id: number) => {
    setFocusedId(id);
    setMoveFocus(true);
  };
  const toggle = (id: number, open?: boolean) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (open ?? !next.has(id)) next.add(id);
      else next.delete(id);
      return next;
    });

  const onKeyDown = (event: KeyboardEvent<HTMLElement>, folder: FolderView) => {
    if (TREE_KEYS.has(event.key)) {
      event.preventDefault();
      const move = treeKey(rows, folder.id, event.key as TreeKey);
      if (move.expand !== undefined) toggle(move.expand, true);
      if (move.collapse !== undefined) toggle(move.collapse, false);
      focusRow(move.focus);
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      navigate({ name: 'folder', id: folder.id });
    }
  };

  return (
    <>
      <FolderContextMenu folder={menuFolder} tree={tree} session={session}>
        <Box
          as="ul"
          role="tree"
          aria-label={t('shell.places')}
          ref={listRef}
          listStyleType="none"
          m="0"
          p="0"
        >
          {rows.map((row) => {
            const { folder } = row;
            const current = folder.id === currentId;
            const drop = dropProps(folder, folderDropTarget(folder));
            return (
              <Flex
                as="li"
                key={folder.id}
                role="treeitem"
                aria-level={row.level}
                aria-setsize={row.setSize}
                aria-posinset={row.position}
                aria-expanded={row.hasChildren ? row.expanded : undefined}
                aria-selected={current}
                aria-current={current ? 'page' : undefined}
                data-folder-id={folder.id}
                tabIndex={folder.id === focusable ? 0 : -1}
                onKeyDown={(event: KeyboardEvent<HTMLElement>) => onKeyDown(event, folder)}
                onFocus={() => setFocusedId(folder.id)}
                onClick={() => navigate({ name: 'folder', id: folder.id })}
                onContextMenu={() => setMenuFolder(folder)}
                {...drop}
                align="center"
                gap="1"
                ps={`${(row.level - 1) * 14 + 4}px`}
                pe="2"
                py="1"
                borderRadius="md"
                cursor="pointer"
                fontSize="sm"
                bg={current ? 'teal.subtle' : undefined}
                fontWeight={current ? 'semibold' : undefined}
                color={current ? 'teal.fg' : undefined}
                outline="2px solid transparent"
                _hover={{ bg: current ? 'teal.muted' : 'bg.emphasized' }}
                _focusVisible={{ outlineColor: 'teal.solid', outlineOffset: '-2px' }}
                css={{
                  '&[data-drop-target=true]': {
                    background: 'var(--chakra-colors-teal-muted)',
                    outline: '2px dashed var(--chakra-colors-teal-solid)',
                  },
                }}
              >
                <Box
                  aria-hidden="true"
                  width="4"
                  flexShrink={0}
                  textAlign="center"
                  color="fg.muted"
                  onClick={(event) => {
                    event.stopPropagation();
                    if (row.hasChildren) toggle(folder.id);
                  }}
                >
                  {row.hasChildren ? (row.expanded ? '▾' : '▸') : ''}
                </Box>
                <Text truncate title={folder.path}>
                  {folder.name}
                </Text>
              </Flex>
            );
          })}
        </Box>
      </FolderContextMenu>
      {/* Beside the menu, not in it: its trigger takes one child, the tree. */}
      {dropped && (
        <Suspense fallback={null}>
          <MoveCopyDialog
            open
            assetIds={dropped.ids}
            destinationId={dropped.folder.id}
            onClose={() => setDropped(undefined)}
          />
        </Suspense>
      )}
    </>
  );
}
