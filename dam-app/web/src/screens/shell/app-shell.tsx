import { Box, Link as ChakraLink, Flex, Image, InputGroup } from '@chakra-ui/react';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import type { SessionView } from '../../../../api/accounts.ts';
import { usePreferences } from '../../app/preferences.tsx';
import { navigate, useRoute } from '../../app/use-route.ts';
import { LineIcon } from '../../components/line-icon.tsx';
import { Link } from '../../components/link.tsx';
import { PreferencePickers } from '../../components/preference-pickers.tsx';
import { SearchInput } from '../../components/search-input.tsx';
import { useLibraryEvents } from '../../live/use-library-events.ts';
import { TransferShell } from '../../transfers/transfer-shell.tsx';
import { NotificationBell } from '../notifications/notification-bell.tsx';
import { RequestsNav } from '../requests/requests-nav.tsx';
import { WorkingSetsNav } from '../working-sets/working-sets-nav.tsx';
import { AclSwitcher } from './acl-switcher.tsx';
import { CreateMenu } from './create-menu.tsx';
import { PlacesPanel } from './places-panel.tsx';
import { ThemedShell, themeLogoUrl, useMyTheme } from './themed-shell.tsx';
import { headerThemeStyle, logoUrl, useMyWorkspace, useWorkspaceShows } from './use-workspace.ts';
import { UserMenu } from './user-menu.tsx';

/**
 * The shell every signed-in screen sits in: the header (Quick Search, Create, ACL switcher, language and colour
 * mode, user menu), the Places tree panel and the main area. Search and Create wait for the asset API; they say so.
 */
export function AppShell(props: { session: SessionView; children: ReactNode; places?: boolean }) {
  // What arrives, changes or leaves shows in the open folder, search and counts without navigating.
  useLibraryEvents(props.session.acl?.id);
  // The transfer integration (Quick Upload, Rapid menus, drop targets, the transfer panel) around every screen.
  return (
    <TransferShell session={props.session}>
      <ThemedShell theme={useMyTheme().data?.theme}>
        <ShellLayout {...props} />
      </ThemedShell>
    </TransferShell>
  );
}

function ShellLayout({
  session,
  children,
  places = true,
}: {
  session: SessionView;
  children: ReactNode;
  places?: boolean;
}) {
  const { t } = usePreferences();
  const workspace = useMyWorkspace().data?.workspace;
  // R-THEME-ORGANIZER: a theme, when the person has one, is the whole look; a workspace's own colours and logo yield.
  const theme = useMyTheme().data?.theme;
  const logo = themeLogoUrl(theme) ?? logoUrl(workspace);
  // R-WORKSPACE-COMPONENTS: the parts the person's workspace shows (all without one).
  const shows = useWorkspaceShows();
  return (
    <Flex direction="column" minHeight="100dvh">
      <ChakraLink
        href="#main"
        position="absolute"
        left="-9999px"
        zIndex={2000}
        whiteSpace="nowrap"
        _focusVisible={{ left: '2', top: '2', bg: 'bg', p: '2', color: 'fg', boxShadow: 'lg' }}
        onClick={(event) => {
          event.preventDefault();
          document.getElementById('main')?.focus();
        }}
      >
        {t('app.skip')}
      </ChakraLink>
      <Flex
        as="header"
        bg="dam.header"
        color="dam.headerFg"
        style={theme ? undefined : headerThemeStyle(workspace)}
        px={{ base: '3', md: '5' }}
        py="2"
        // Tight enough that the French labels (and the bell) keep the header to one row at 1280 px.
        gap={{ base: '2', md: '2.5' }}
        align="center"
        wrap="wrap"
      >
        <Link
          to={{ name: 'home' }}
          color="dam.headerFg"
          fontWeight="bold"
          fontSize="lg"
          whiteSpace="nowrap"
          display="flex"
          alignItems="center"
          gap="2"
        >
          {/* A workspace's logo stands for the name (its alt text), so the header keeps to one row. */}
          {logo ? <Image src={logo} alt={t('app.name')} height="8" maxWidth="40" /> : t('app.name')}
        </Link>
        {shows('search') && <QuickSearch />}
        <CreateMenu session={session} />
        {shows('menuBar') && <WorkingSetsNav />}
        {shows('menuBar') && <RequestsNav session={session} />}
        <Flex gap="2" align="center" marginStart="auto">
          <AclSwitcher session={session} />
          {/* Below 1280 px the language and colour pickers wait in the footer: the French header then keeps to one row. */}
          <Box display={{ base: 'none', xl: 'block' }}>
            <PreferencePickers onDark />
          </Box>
          <NotificationBell />
          <UserMenu session={session} />
        </Flex>
      </Flex>
      <Flex flex="1" minHeight="0">
        {places && shows('places') && <PlacesPanel session={session} />}
        <Box
          as="main"
          id="main"
          tabIndex={-1}
          flex="1"
          minWidth="0"
          p={{ base: '4', md: '6' }}
          outline="none"
        >
          {children}
        </Box>
      </Flex>
      <Box as="footer" display={{ base: 'block', xl: 'none' }} borderTopWidth="1px" px="4" py="2">
        <PreferencePickers />
      </Box>
    </Flex>
  );
}

/** Quick Search: the words go to `#/search?q=`, where they match names, file names, descriptions and keywords. */
function QuickSearch() {
  const { t } = usePreferences();
  const route = useRoute();
  const shown = route.name === 'search' ? route.query : '';
  const [text, setText] = useState(shown);
  useEffect(() => setText(shown), [shown]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    navigate({ name: 'search', query: text.trim() });
  };
  return (
    <Box as="form" role="search" onSubmit={submit} flex="1" minWidth="32" maxWidth="xl">
      <InputGroup startElement={<SearchIcon />}>
        <SearchInput
          size="sm"
          label={t('shell.quickSearch')}
          placeholder={t('shell.quickSearchHint')}
          value={text}
          onValue={setText}
          bg="bg"
          color="fg"
        />
      </InputGroup>
    </Box>
  );
}

function SearchIcon() {
  return (
    <LineIcon size={16} weight={2}>
      <circle cx="11" cy="11" r="7" />
      <path d="m20 20-3.5-3.5" strokeLinecap="round" />
    </LineIcon>
  );
}
