import { useQuery } from '@tanstack/react-query';
import type { CSSProperties } from 'react';
import { myWorkspace, workspaceLogo } from '../../../../api/contract/workspaces-endpoints.ts';
import type { MyWorkspace, WorkspaceComponent } from '../../../../api/workspaces.ts';
import { api } from '../../api/api-client.ts';
import { damSystem } from '../../app/system.ts';

export const WORKSPACE_KEY = ['workspace'] as const;

/** The signed-in person's workspace (R-WORKSPACES), or null for the DAM's own start and look. */
export const useMyWorkspace = () =>
  useQuery({
    queryKey: WORKSPACE_KEY,
    queryFn: ({ signal }) => api.call(myWorkspace, { signal }),
    staleTime: 60_000,
  });

/**
 * R-WORKSPACE-COMPONENTS: does the person's workspace show this part (as their groups narrow it)? Every part without
 * a workspace, and while it loads (the DAM's own shell).
 */
export function useWorkspaceShows(): (part: WorkspaceComponent) => boolean {
  const workspace = useMyWorkspace().data?.workspace;
  return (part) => !workspace || workspace.components.includes(part);
}

type Theme = NonNullable<MyWorkspace['workspace']>;

/** A token's custom property as Chakra names it (`var(--chakra-colors-dam\.header)` → `--chakra-colors-dam.header`). */
const propertyOf = (token: string) =>
  damSystem.token
    .var(token)
    .replace(/^var\((.*)\)$/, '$1')
    .replaceAll('\\', '');
const HEADER_VAR = propertyOf('colors.dam.header');
const HEADER_FG_VAR = propertyOf('colors.dam.headerFg');

/**
 * The header's colours as the workspace's theme sets them: the header's own semantic tokens, overridden on the header
 * element, so every part of it that follows them (links, pickers) follows the theme too.
 */
export const headerThemeStyle = (workspace: Theme | null | undefined): CSSProperties | undefined =>
  workspace
    ? ({
        [HEADER_VAR]: workspace.headerColor,
        [HEADER_FG_VAR]: workspace.headerTextColor,
      } as CSSProperties)
    : undefined;

export const logoUrl = (workspace: Theme | null | undefined) =>
  workspace?.logoVersion
    ? api.url(workspaceLogo, { params: { id: workspace.id }, query: { v: workspace.logoVersion } })
    : undefined;
