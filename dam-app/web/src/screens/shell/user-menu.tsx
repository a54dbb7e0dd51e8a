import { Avatar, Button, Menu, Text, VisuallyHidden } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import type { SessionView } from '../../../../api/accounts.ts';
import { setAdminMode } from '../../../../api/contract/access-endpoints.ts';
import { api } from '../../api/api-client.ts';
import type { ApiFailure } from '../../api/api-failure.ts';
import { useSetSession } from '../../api/session.ts';
import { usePreferences } from '../../app/preferences.tsx';
import { toaster } from '../../app/toaster.tsx';
import { navigate } from '../../app/use-route.ts';
import { navEntries } from '../../router/routes.ts';
import { useLogout } from './use-logout.ts';
import { useMyWorkspace } from './use-workspace.ts';

/** The screens the table links from this menu: everyone's first, the administration's after a separator. */
const LINKS = navEntries('user');

export const displayName = (session: SessionView) =>
  [session.user.profile.firstName, session.user.profile.lastName].filter(Boolean).join(' ') ||
  session.user.username;

/** The user menu: account settings, API keys, change password, administration and admin mode, logout. */
export function UserMenu({ session }: { session: SessionView }) {
  const { t, message } = usePreferences();
  const setSession = useSetSession();
  const logout = useLogout();
  const adminMode = useMutation({
    mutationFn: (enabled: boolean) => api.call(setAdminMode, { body: { enabled } }),
    onSuccess: (next) => {
      setSession(next);
      toaster.create({ type: 'info', title: t(next.adminMode ? 'shell.adminModeOn' : 'shell.adminModeOff') });
    },
    onError: (error) => toaster.create({ type: 'error', title: message((error as ApiFailure).userMessage) }),
  });
  const name = displayName(session);
  // R-WORKSPACE-COMPONENTS-PERMISSION: choosing the workspace's parts is offered only to those who may.
  const mayChooseComponents = useMyWorkspace().data?.workspace?.mayChooseComponents === true;
  const onSelect = (value: string) => {
    const entry = LINKS.find((link) => link.to.name === value);
    if (entry) navigate(entry.to);
    else if (value === 'workspace-components') navigate({ name: 'workspace-components' });
    else if (value === 'logout') logout.mutate();
  };
  const item = (link: (typeof LINKS)[number]) => (
    <Menu.Item key={link.to.name} value={link.to.name}>
      {t(link.label)}
    </Menu.Item>
  );
  return (
    <Menu.Root onSelect={(details) => onSelect(details.value)} positioning={{ placement: 'bottom-end' }}>
      <Menu.Trigger asChild>
        <Button
          variant="ghost"
          size="sm"
          color="dam.headerFg"
          _hover={{ bg: 'whiteAlpha.200' }}
          _expanded={{ bg: 'whiteAlpha.300' }}
          data-user-menu=""
        >
          <VisuallyHidden>{t('shell.userMenu', { name })}</VisuallyHidden>
          <Avatar.Root size="xs" colorPalette="teal" aria-hidden="true">
            <Avatar.Fallback name={name} />
          </Avatar.Root>
          <Text aria-hidden="true" display={{ base: 'none', xl: 'inline' }}>
            {name}
          </Text>
        </Button>
      </Menu.Trigger>
      {/* Not portalled: the menu stays inside the header's landmark. */}
      <Menu.Positioner>
        <Menu.Content minWidth="56">
          {LINKS.filter((link) => link.access !== 'admin').map(item)}
          {mayChooseComponents && (
            <Menu.Item value="workspace-components">{t('workspace.myComponents')}</Menu.Item>
          )}
          {session.user.isAdmin && (
            <>
              <Menu.Separator />
              {LINKS.filter((link) => link.access === 'admin').map(item)}
              <Menu.CheckboxItem
                value="admin-mode"
                checked={session.adminMode}
                onCheckedChange={(checked) => adminMode.mutate(checked)}
              >
                {t('shell.adminMode')}
                <Menu.ItemIndicator />
              </Menu.CheckboxItem>
            </>
          )}
          <Menu.Separator />
          <Menu.Item value="logout">{t('shell.logout')}</Menu.Item>
        </Menu.Content>
      </Menu.Positioner>
    </Menu.Root>
  );
}
