import { Box, Flex, Input, Stack, Text } from '@chakra-ui/react';
import { lazy, type ReactNode, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import type { SearchResult } from '../../../../api/search.ts';
import { VIEW_COMPONENTS } from '../../../../api/workspaces.ts';
import { useSession } from '../../api/session.ts';
import { usePreferences } from '../../app/preferences.tsx';
import { toaster } from '../../app/toaster.tsx';
import { Empty, ErrorAlert, ListSkeleton, Notice } from '../../components/feedback.tsx';
import type { BrowseView } from '../../router/routes.ts';
import { BROWSE_VIEWS } from '../../router/routes.ts';
import { useWorkspaceShows } from '../shell/use-workspace.ts';
import { AssetResults } from './asset-results.tsx';
import { type SearchQuery, selectAllOf, useSearchPages } from './browse-queries.ts';
import { addIds, EMPTY_SELECTION, type Selection, selectAll } from './selection.ts';
import { type SelectionAction, SelectionDialogs, selectionActions } from './selection-dialogs.tsx';
import { SelectionContextMenu, SelectionMenu } from './selection-menu.tsx';
import { type SortOrder, SortPicker } from './sort-picker.tsx';
import { useBulkSelect } from './use-bulk-select.ts';
import { ViewSwitch } from './view-switch.tsx';

// The calendar view loads when it is chosen: the grid and the list are what a folder opens in.
const CalendarView = lazy(() =>
  import('./calendar-view.tsx').then((module) => ({ default: module.CalendarView })),
);

export interface ResultsAreaProps {
  /** The search to show (without sort and paging); null while it cannot run yet. */
  request: SearchQuery | null;
  label: string;
  view: BrowseView;
  onView(view: BrowseView): void;
  sort: SortOrder;
  onSort(sort: SortOrder): void;
  emptyTitle: string;
  emptyDescription?: string;
  /** Beside the results (the Refinement Search facets), given the first page's answer. */
  aside?: (first: SearchResult | undefined) => ReactNode;
  /** The folder the results are in, when they are a folder's: not offered as a move destination. */
  folderId?: number;
}

/** A result in the four views, with sort, multi-select, Bulk Select by CSV and the asset actions menu. */
export function ResultsArea(props: ResultsAreaProps) {
  const { t } = usePreferences();
  const { request, sort } = props;
  // R-WORKSPACE-COMPONENTS: the result views the workspace shows; a view it hides falls back to its first.
  const shows = useWorkspaceShows();
  const views = BROWSE_VIEWS.filter((each) => shows(VIEW_COMPONENTS[each]));
  const view = views.includes(props.view) ? props.view : (views[0] ?? props.view);
  const [narrowed, setNarrowed] = useState<{ request: SearchQuery; label: string } | null>(null);
  const [selection, setSelection] = useState<Selection>(EMPTY_SELECTION);
  const base = useMemo(() => (request ? { ...request, sort } : null), [request, sort]);
  const listRequest = view === 'calendar' ? (narrowed?.request ?? null) : base;
  const pages = useSearchPages(listRequest);
  const overview = useSearchPages(view === 'calendar' ? base : null);
  const first = (view === 'calendar' ? overview : pages).data?.pages[0];
  const items = useMemo(() => pages.data?.pages.flatMap((page) => page.items) ?? [], [pages.data]);
  const total = pages.data?.pages[0]?.total ?? items.length;
  const bulk = useBulkSelect();
  const fileInput = useRef<HTMLInputElement>(null);
  const [unmatched, setUnmatched] = useState<string[]>([]);
  const [action, setAction] = useState<SelectionAction | null>(null);
  const session = useSession().data?.session ?? null;

  const requestKey = JSON.stringify(base);
  const shownKey = useRef(requestKey);
  shownKey.current = requestKey;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new search (or sort) starts a new selection
  useEffect(() => {
    setSelection(EMPTY_SELECTION);
    setNarrowed(null);
    setUnmatched([]);
  }, [requestKey]);

  const { hasNextPage, isFetchingNextPage, fetchNextPage } = pages;
  const loadMore = useMemo(
    () => () => {
      if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
    },
    [hasNextPage, isFetchingNextPage, fetchNextPage],
  );

  const onCsv = async (file: File | undefined) => {
    if (!file) return;
    try {
      const found = await bulk.mutateAsync(file);
      setSelection((current) => addIds(current, found.ids));
      setUnmatched(found.unmatched);
      toaster.create({ type: 'success', title: t('browse.bulkSelected', { count: found.ids.length }) });
    } catch (error) {
      toaster.create({
        type: 'error',
        title: (error as { userMessage?: string }).userMessage ?? String(error),
      });
    } finally {
      if (fileInput.current) fileInput.current.value = '';
    }
  };

  // Select all is the whole folder or search: when every page is here the list has it, else the server says which.
  const selectWhole = async () => {
    if (!listRequest) return;
    if (!hasNextPage) return setSelection(selectAll(items.map((asset) => asset.id)));
    const asked = requestKey;
    try {
      const { ids } = await selectAllOf(listRequest);
      // A selection for a search the person has already left is not theirs any more.
      if (shownKey.current === asked) setSelection(selectAll(ids));
    } catch (error) {
      toaster.create({
        type: 'error',
        title: (error as { userMessage?: string }).userMessage ?? String(error),
      });
    }
  };

  const selected = items.filter((asset) => selection.ids.has(asset.id));
  const menuProps = {
    selected,
    count: selection.ids.size,
    onSelectAll: () => void selectWhole(),
    onClear: () => setSelection(EMPTY_SELECTION),
    onBulkSelect: () => fileInput.current?.click(),
    actions: session ? selectionActions(session) : [],
    onAction: setAction,
  };

  return (
    <Stack gap="3">
      <Flex gap="3" wrap="wrap" align="center">
        <ViewSwitch view={view} views={views} onView={props.onView} />
        <SortPicker sort={sort} onSort={props.onSort} />
        <SelectionMenu {...menuProps} />
        <Text fontSize="sm" color="fg.muted" role="status" data-result-count="">
          {first?.total != null ? t('browse.count', { count: first.total }) : ''}
          {selection.ids.size > 0 ? ` · ${t('browse.selected', { count: selection.ids.size })}` : ''}
        </Text>
        <Input
          ref={fileInput}
          type="file"
          accept=".csv,text/csv"
          display="none"
          aria-label={t('browse.bulkSelect')}
          onChange={(event) => void onCsv(event.target.files?.[0])}
        />
      </Flex>
      {unmatched.length > 0 && (
        <Notice status="warning">
          {t('browse.bulkUnmatched', { values: unmatched.slice(0, 20).join(', ') })}
        </Notice>
      )}
      {first?.notices.map((notice) => (
        <Notice key={notice} status="warning">
          {notice}
        </Notice>
      ))}
      <SelectionDialogs
        action={action}
        ids={[...selection.ids]}
        folderId={props.folderId}
        onClose={() => setAction(null)}
      />
      <Flex gap="5" align="flex-start" direction={{ base: 'column', lg: 'row' }}>
        {props.aside?.(first)}
        <Box flex="1" minWidth="0" width="full">
          {view === 'calendar' && base && (
            <Box mb="4">
              <Suspense fallback={<ListSkeleton rows={2} />}>
                <CalendarView
                  request={base}
                  onNarrow={(next, label) => setNarrowed(next ? { request: next, label } : null)}
                />
              </Suspense>
            </Box>
          )}
          {request === null ? null : view === 'calendar' && !narrowed ? (
            <Text color="fg.muted">{t('browse.pickPeriod')}</Text>
          ) : pages.isPending ? (
            <ListSkeleton rows={6} />
          ) : pages.isError ? (
            <ErrorAlert error={pages.error} />
          ) : items.length === 0 ? (
            <Empty title={props.emptyTitle} description={props.emptyDescription} />
          ) : (
            <SelectionContextMenu {...menuProps}>
              <AssetResults
                label={narrowed && view === 'calendar' ? `${props.label} — ${narrowed.label}` : props.label}
                layout={view === 'calendar' ? 'tile' : view}
                items={items}
                total={total}
                hasMore={hasNextPage}
                loadMore={loadMore}
                selection={selection}
                onSelection={setSelection}
                onSelectAll={() => void selectWhole()}
              />
            </SelectionContextMenu>
          )}
        </Box>
      </Flex>
    </Stack>
  );
}
