import { Box, Breadcrumb, Flex, Heading, Skeleton, Stack } from '@chakra-ui/react';
import { Fragment, useEffect, useMemo, useState } from 'react';
import type { SessionView } from '../../../../api/accounts.ts';
import { SORT_FIELDS } from '../../../../api/search.ts';
import { usePreferences } from '../../app/preferences.tsx';
import { navigate } from '../../app/use-route.ts';
import { ErrorAlert } from '../../components/feedback.tsx';
import { Link } from '../../components/link.tsx';
import { BROWSE_VIEWS, type BrowseView, defineScreen } from '../../router/define-screen.ts';
import { path } from '../../router/route-codec.ts';
import type { Draw, ScreenEntry } from '../../router/routes.ts';
import { FollowButton } from '../notifications/follow-button.tsx';
import { useBrowseExtensions } from './browse-extensions.tsx';
import { usePlacesTree } from './browse-queries.ts';
import { DirectorySearch } from './directory-search.tsx';
import { FolderActionsMenu } from './folder-actions.tsx';
import { ResultsArea } from './results-area.tsx';
import type { SortField, SortOrder } from './sort-picker.tsx';
import { ancestorsOf, buildTree } from './tree-model.ts';

export const screen = defineScreen('folder', {
  // The view and the sort are in the address: a link, a reload or Back shows the folder as it was.
  codec: path<{ id: number; view?: BrowseView; sort?: SortField; dir?: 'asc' | 'desc' }>('/folder/:id', {
    query: { view: BROWSE_VIEWS, sort: SORT_FIELDS, dir: ['asc', 'desc'] },
  }),
  places: true,
  preload: true,
});
export const draw: Draw<'folder'> = (route, { session }) => (
  <FolderScreen
    key={route.id}
    session={session}
    id={route.id}
    view={route.view}
    sort={{ field: route.sort ?? DEFAULT_SORT.field, direction: route.dir ?? DEFAULT_SORT.direction }}
  />
);

/** A folder lists by name, A to Z, until the person picks another order. */
export const DEFAULT_SORT: SortOrder = { field: 'name', direction: 'asc' };

/** `#/folder/<id>`: one folder's own assets in the Tile, List, Calendar or Text view (view and sort in the route). */
export function FolderScreen({
  session,
  id,
  view = 'tile',
  sort = DEFAULT_SORT,
}: {
  session: SessionView;
  id: number;
  view?: BrowseView;
  sort?: SortOrder;
}) {
  const { t, spec } = usePreferences();
  const { folderDropTarget } = useBrowseExtensions();
  const places = usePlacesTree(session.acl !== null && !session.aclRootMissing);
  const tree = useMemo(
    () => (places.data ? buildTree(places.data.root, places.data.folders) : null),
    [places.data],
  );
  const folder = tree?.byId.get(id);
  const request = useMemo(() => ({ folderId: id, folderOnly: true, withFacets: false }), [id]);
  // A folder made since the tree was read (by someone else, an upload, a link) is looked for once more before the
  // screen says it does not exist.
  const missing = tree !== null && folder === undefined;
  const [askedAgainFor, setAskedAgainFor] = useState<number | null>(null);
  const { refetch } = places;
  useEffect(() => {
    if (missing && askedAgainFor !== id) {
      setAskedAgainFor(id);
      void refetch();
    }
  }, [missing, askedAgainFor, id, refetch]);

  // The folder's own assets are asked for at once, beside the tree (not after it): the first tiles come sooner.
  if (places.isError) return <ErrorAlert error={places.error} />;
  if (missing && (askedAgainFor !== id || places.isFetching)) return <Skeleton height="10" width="60" />;
  if (missing) return <ErrorAlert error={spec('folderNotFound')} />;

  const trail =
    tree && folder
      ? ancestorsOf(tree, id)
          .map((each) => tree.byId.get(each))
          .filter((each) => each !== undefined)
      : [];
  const drop = folder ? folderDropTarget(folder) : undefined;
  const sorted = sort.field !== DEFAULT_SORT.field || sort.direction !== DEFAULT_SORT.direction;
  const here = {
    name: 'folder',
    id,
    view,
    ...(sorted ? { sort: sort.field, dir: sort.direction } : {}),
  } as const;
  return (
    <Box
      {...drop}
      borderRadius="md"
      css={{
        '&[data-drop-target=true]': {
          outline: '2px dashed var(--chakra-colors-teal-solid)',
          outlineOffset: '4px',
          background: 'var(--chakra-colors-teal-subtle)',
        },
      }}
    >
      <Stack gap="4">
        {trail.length > 0 && (
          <Breadcrumb.Root size="sm">
            <Breadcrumb.List>
              {trail.map((each) => (
                <Fragment key={each.id}>
                  <Breadcrumb.Item>
                    <Link to={{ name: 'folder', id: each.id, view }}>{each.name}</Link>
                  </Breadcrumb.Item>
                  <Breadcrumb.Separator />
                </Fragment>
              ))}
              <Breadcrumb.Item>
                <Breadcrumb.CurrentLink>{folder?.name}</Breadcrumb.CurrentLink>
              </Breadcrumb.Item>
            </Breadcrumb.List>
          </Breadcrumb.Root>
        )}
        {tree && folder ? (
          <Flex gap="3" align="center" wrap="wrap">
            <Heading as="h1" size="xl" wordBreak="break-all">
              {folder.name}
            </Heading>
            <FolderActionsMenu folder={folder} tree={tree} session={session} />
            <FollowButton target="folder" id={folder.id} />
            <Box marginStart={{ md: 'auto' }}>
              <DirectorySearch folder={folder} />
            </Box>
          </Flex>
        ) : (
          <Skeleton height="10" width="60" />
        )}
        <ResultsArea
          folderId={id}
          request={request}
          label={t('folder.assetsOf', { name: folder?.name ?? '' })}
          view={view}
          onView={(next) => navigate({ ...here, view: next }, { replace: true })}
          sort={sort}
          onSort={(next) => navigate({ ...here, sort: next.field, dir: next.direction }, { replace: true })}
          emptyTitle={t('folder.emptyTitle')}
          emptyDescription={t('folder.emptyBody')}
        />
      </Stack>
    </Box>
  );
}

declare module '../../router/routes.ts' {
  interface Screens extends ScreenEntry<typeof screen> {}
}
