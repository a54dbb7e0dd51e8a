import { Box, Button, Flex, Stack, Text } from '@chakra-ui/react';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import type { SessionView } from '../../../../api/accounts.ts';
import { type SearchRequest, SORT_FIELDS, searchRequestSchema } from '../../../../api/search.ts';
import { usePreferences } from '../../app/preferences.tsx';
import { navigate } from '../../app/use-route.ts';
import { ExportSourceDialog } from '../../asset-widgets/export-metadata-dialog.tsx';
import { fieldErrorsOf } from '../../components/field-errors.ts';
import { Link } from '../../components/link.tsx';
import { ScreenHeader } from '../../components/screen-header.tsx';
import { SearchInput } from '../../components/search-input.tsx';
import { SubmitButton } from '../../components/submit-button.tsx';
import { BROWSE_VIEWS, type BrowseView, defineScreen } from '../../router/define-screen.ts';
import { ID } from '../../router/route-codec.ts';
import type { Draw, ScreenEntry } from '../../router/routes.ts';
import { usePlacesTree } from '../browse/browse-queries.ts';
import { ResultsArea } from '../browse/results-area.tsx';
import type { SortField, SortOrder } from '../browse/sort-picker.tsx';
import { AdvancedSearch } from './advanced-search.tsx';
import { FacetPanel, type Refinement } from './facet-panel.tsx';
import { SaveSearchDialog } from './save-search-dialog.tsx';
import { useSavedSearches } from './saved-search-queries.ts';
import { type AdvancedForm, EMPTY_ADVANCED, fromRequest, toRequest } from './search-form.ts';

export const screen = defineScreen('search', {
  codec: {
    parse: ({ path: at, query }) => (at === '/search' ? searchParams(query) : undefined),
    href: searchHref,
  },
  places: true,
  preload: true,
});
export const draw: Draw<'search'> = (route, { session }) => (
  <SearchScreen
    key={`${route.saved ?? ''}|${route.keyword ?? ''}`}
    session={session}
    query={route.query}
    folderId={route.folderId}
    saved={route.saved}
    keyword={route.keyword}
    view={route.view}
    sort={route.sort ? { field: route.sort, direction: route.dir ?? 'desc' } : undefined}
  />
);

/** Search results come newest first until the person picks another order (or a saved search brings its own). */
const DEFAULT_SEARCH_SORT: SortOrder = { field: 'dateAdded', direction: 'desc' };

interface SearchScreenProps {
  session: SessionView;
  query: string;
  folderId?: number | undefined;
  saved?: number | undefined;
  keyword?: string | undefined;
  view?: BrowseView | undefined;
  sort?: SortOrder | undefined;
}

/**
 * `#/search`: Quick and Keyword search (the words in the route), Advanced Search, Refinement Search (facets, with
 * the "facet browsing" permission), Directory Search (`in=<folder>`), a saved search run (`saved=<id>`), and
 * saving what is shown. The results use the folder views.
 */
export function SearchScreen({
  session,
  query,
  folderId,
  saved,
  keyword,
  view = 'tile',
  sort: routeSort,
}: SearchScreenProps) {
  const { t, message } = usePreferences();
  const mayFacet = session.permissions.includes('facet browsing');
  const [text, setText] = useState(query);
  const [draft, setDraft] = useState<AdvancedForm>(EMPTY_ADVANCED);
  const [applied, setApplied] = useState<AdvancedForm>(EMPTY_ADVANCED);
  const [advancedOpen, setAdvancedOpen] = useState(false);
  const [refine, setRefine] = useState<Refinement>({});
  const [saving, setSaving] = useState(false);
  const [exporting, setExporting] = useState(false);
  const savedSearches = useSavedSearches();
  const tree = usePlacesTree(folderId !== undefined);
  const scope =
    folderId === undefined
      ? undefined
      : tree.data?.folders.concat(tree.data.root).find((f) => f.id === folderId);
  const running = saved === undefined ? undefined : savedSearches.data?.find((each) => each.id === saved);
  // R-SEARCH-ROUTE: the view and the sort are in the address, as the folder's are (a link, a reload or Back).
  const savedOrder = running?.query.sort;
  const sort: SortOrder =
    routeSort ??
    (savedOrder && (SORT_FIELDS as readonly string[]).includes(savedOrder.field)
      ? { field: savedOrder.field as SortField, direction: savedOrder.direction }
      : DEFAULT_SEARCH_SORT);
  const here: SearchRoute = {
    query,
    ...(folderId ? { folderId } : {}),
    ...(saved ? { saved } : {}),
    ...(keyword ? { keyword } : {}),
    ...(view !== 'tile' ? { view } : {}),
    ...(routeSort ? { sort: routeSort.field, dir: routeSort.direction } : {}),
  };

  useEffect(() => setText(query), [query]);
  useEffect(() => {
    if (!keyword) return;
    const form = { ...EMPTY_ADVANCED, keywords: keyword };
    setDraft(form);
    setApplied(form);
    setAdvancedOpen(true);
  }, [keyword]);
  // A saved search run: its request becomes the form and the refinement, once per saved search.
  useEffect(() => {
    if (!running) return;
    const form = fromRequest(running.query);
    setDraft(form);
    setApplied(form);
    setRefine((running.query.refine ?? {}) as Refinement);
    setAdvancedOpen(form.conditions.length > 0 || form.keywords !== '' || form.when !== '');
  }, [running]);

  const candidate = useMemo(() => {
    const refined = Object.fromEntries(Object.entries(refine).filter(([, values]) => values?.length));
    // A saved search brings its own words and folder; words typed since replace them.
    const words = query.trim() || running?.query.q?.trim() || '';
    const within = folderId ?? running?.query.folderId;
    return {
      ...(words ? { q: words } : {}),
      ...(within ? { folderId: within } : {}),
      ...toRequest(applied),
      ...(Object.keys(refined).length ? { refine: refined } : {}),
      withFacets: mayFacet,
    };
  }, [query, folderId, applied, refine, mayFacet, running]);
  const parsed = searchRequestSchema.safeParse(candidate);
  const errors = parsed.success
    ? {}
    : Object.fromEntries(Object.entries(fieldErrorsOf(parsed.error)).map(([k, v]) => [k, message(v)]));
  const request: SearchRequest | null = parsed.success ? parsed.data : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setApplied(draft);
    navigate({
      name: 'search',
      query: text.trim(),
      ...(folderId ? { folderId } : {}),
      ...(view !== 'tile' ? { view } : {}),
      ...(routeSort ? { sort: routeSort.field, dir: routeSort.direction } : {}),
    });
  };

  return (
    <Stack gap="4">
      <ScreenHeader
        title={running ? running.name : query ? t('search.resultsFor', { q: query }) : t('search.title')}
        intro={running?.description || undefined}
        actions={
          <>
            <Button size="sm" variant="outline" onClick={() => setSaving(true)} disabled={!request}>
              {t('search.save')}
            </Button>
            <Button size="sm" variant="outline" onClick={() => setExporting(true)} disabled={!request}>
              {t('metadataIo.exportMenu')}
            </Button>
            <Link to={{ name: 'saved-searches' }} alignSelf="center" fontSize="sm">
              {t('search.savedSearches')}
            </Link>
            {session.permissions.includes('view global keywords') && (
              <Link to={{ name: 'taxonomy' }} alignSelf="center" fontSize="sm">
                {t('search.taxonomy')}
              </Link>
            )}
          </>
        }
      />
      <Box as="form" role="search" aria-label={t('search.keywordSearch')} onSubmit={submit}>
        <Stack gap="3">
          <Flex gap="2" wrap="wrap">
            <SearchInput
              name="q"
              flex="1"
              minWidth="48"
              label={t('search.words')}
              placeholder={t('shell.quickSearchHint')}
              value={text}
              onValue={setText}
            />
            <SubmitButton>{t('search.search')}</SubmitButton>
            <Button
              variant="outline"
              aria-expanded={advancedOpen}
              aria-controls="advanced-search"
              onClick={() => setAdvancedOpen((open) => !open)}
            >
              {t('search.advanced')}
            </Button>
          </Flex>
          {folderId !== undefined && (
            <Text fontSize="sm">
              {t('search.inFolder', { name: scope?.path ?? String(folderId) })}{' '}
              <Link to={{ name: 'search', query }}>{t('search.everywhere')}</Link>
            </Text>
          )}
          <Box id="advanced-search" hidden={!advancedOpen}>
            <AdvancedSearch form={draft} onChange={setDraft} errors={errors} />
          </Box>
        </Stack>
      </Box>
      <ResultsArea
        request={request}
        label={t('search.results')}
        view={view}
        onView={(next) => navigate({ name: 'search', ...here, view: next }, { replace: true })}
        sort={sort}
        onSort={(next) =>
          navigate({ name: 'search', ...here, sort: next.field, dir: next.direction }, { replace: true })
        }
        emptyTitle={t('search.noResults')}
        emptyDescription={t('search.noResultsBody')}
        aside={
          mayFacet
            ? (first) => <FacetPanel facets={first?.facets} refine={refine} onRefine={setRefine} />
            : undefined
        }
      />
      {exporting && request && (
        <ExportSourceDialog
          open
          source={{ kind: 'search', search: request }}
          intro={t('metadataIo.exportSearchIntro')}
          onClose={() => setExporting(false)}
        />
      )}
      {saving && request && (
        <SaveSearchDialog
          query={{ ...request, sort, withFacets: true, withTotal: true, limit: 50 }}
          onClose={() => setSaving(false)}
        />
      )}
    </Stack>
  );
}

type SearchRoute = {
  query: string;
  folderId?: number;
  saved?: number;
  keyword?: string;
  view?: BrowseView;
  sort?: SortField;
  dir?: 'asc' | 'desc';
};

/**
 * `#/search?q=…` (Quick Search), `&in=<folder id>` (Directory Search), `&saved=<id>` (a saved search run),
 * `&kw=<keyword>` (a keyword picked in the Taxonomy Browser), `&view=` and `&sort=…&dir=` (the results' view and order).
 */
function searchParams(query: URLSearchParams): SearchRoute {
  const route: SearchRoute = { query: query.get('q') ?? '' };
  const folderId = query.get('in') ?? '';
  const saved = query.get('saved') ?? '';
  if (ID.test(folderId)) route.folderId = Number(folderId);
  if (ID.test(saved)) route.saved = Number(saved);
  const keyword = query.get('kw')?.trim();
  if (keyword) route.keyword = keyword;
  const view = query.get('view');
  if (view && (BROWSE_VIEWS as readonly string[]).includes(view)) route.view = view as BrowseView;
  const sort = query.get('sort');
  if (sort && (SORT_FIELDS as readonly string[]).includes(sort)) {
    route.sort = sort as SortField;
    route.dir = query.get('dir') === 'asc' ? 'asc' : 'desc';
  }
  return route;
}

function searchHref(route: SearchRoute): string {
  const params = new URLSearchParams();
  if (route.query) params.set('q', route.query);
  if (route.folderId) params.set('in', String(route.folderId));
  if (route.saved) params.set('saved', String(route.saved));
  if (route.keyword) params.set('kw', route.keyword);
  if (route.view) params.set('view', route.view);
  if (route.sort) {
    params.set('sort', route.sort);
    params.set('dir', route.dir ?? 'desc');
  }
  const text = params.toString();
  return text ? `#/search?${text}` : '#/search';
}

declare module '../../router/routes.ts' {
  interface Screens extends ScreenEntry<typeof screen> {}
}
