import { Button, Heading, Stack } from '@chakra-ui/react';
import { useEffect } from 'react';
import type { SessionView } from '../../../../api/accounts.ts';
import { usePreferences } from '../../app/preferences.tsx';
import { redirect } from '../../app/use-route.ts';
import { ErrorAlert, ListSkeleton, Notice } from '../../components/feedback.tsx';
import { Link } from '../../components/link.tsx';
import { defineScreen } from '../../router/define-screen.ts';
import { path } from '../../router/route-codec.ts';
import type { Draw, ScreenEntry } from '../../router/routes.ts';
import { usePlacesTree } from '../browse/browse-queries.ts';
import { HomeDashboard } from '../home/home-dashboard.tsx';
import { useMyWorkspace } from './use-workspace.ts';

export const screen = defineScreen('home', { codec: path('/'), places: true, preload: true });
export const draw: Draw<'home'> = (_, { session }) => <HomeScreen session={session} />;

/**
 * `#/`: a workspace with a start folder opens on it (R-WORKSPACES); the default workspace, and one without a start
 * folder, on Home (R-HOME); without a usable ACL, what the person can do about it (R-ACL-SWITCH, R-ACL-ROOT-MISSING).
 */
export function HomeScreen({ session }: { session: SessionView }) {
  const { t, spec } = usePreferences();
  const usable = session.acl !== null && !session.aclRootMissing;
  const tree = usePlacesTree(usable);
  const workspace = useMyWorkspace();
  // R-WORKSPACES: the workspace's start folder when the person's ACL holds it.
  const startPath = workspace.data?.workspace?.startPath;
  const start = startPath ? tree.data?.folders.find((folder) => folder.path === startPath) : undefined;
  const startId = workspace.isPending ? undefined : start?.id;
  useEffect(() => {
    if (startId !== undefined) redirect('home', { name: 'folder', id: startId });
  }, [startId]);
  const root = tree.data?.root;
  if (usable && !tree.isError && !workspace.isError && (workspace.isPending || startId !== undefined))
    return <ListSkeleton rows={6} />;
  if (usable && root)
    return (
      <HomeDashboard
        libraryLink={
          <Button asChild colorPalette="teal" variant="outline">
            <Link to={{ name: 'folder', id: root.id }} data-open-library textDecoration="none">
              {t('home.openLibrary')}
            </Link>
          </Button>
        }
      />
    );
  if (usable && !tree.isError) return <ListSkeleton rows={6} />;
  return (
    <Stack gap="4">
      <Heading as="h1" size="xl">
        {session.acl?.name ?? t('app.name')}
      </Heading>
      {session.acls.length === 0 && <Notice status="warning">{spec('noAcl')}</Notice>}
      {session.aclRootMissing && <Notice status="warning">{spec('aclRootMissing')}</Notice>}
      {tree.isError && <ErrorAlert error={tree.error} />}
    </Stack>
  );
}

declare module '../../router/routes.ts' {
  interface Screens extends ScreenEntry<typeof screen> {}
}
