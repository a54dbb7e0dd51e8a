import { Box, Flex, Stack } from '@chakra-ui/react';
import { usePreferences } from '../../app/preferences.tsx';
import { Link } from '../../components/link.tsx';
import { ScreenHeader } from '../../components/screen-header.tsx';
import type { MessageKey } from '../../i18n/messages-en.ts';
import { ADMIN_SECTIONS, type AdminSection, defineScreen } from '../../router/define-screen.ts';
import { path } from '../../router/route-codec.ts';
import type { Draw, ScreenEntry } from '../../router/routes.ts';
import { AclsSection } from './acls-section.tsx';
import { ArchiveSection } from './archive-section.tsx';
import { AuditSection } from './audit-section.tsx';
import { ConversionPresetsSection } from './conversion-presets-section.tsx';
import { DictionariesSection } from './dictionaries-section.tsx';
import { FormsSection } from './forms-section.tsx';
import { GroupsSection } from './groups-section.tsx';
import { HealthSection } from './health-section.tsx';
import { InvitationsSection } from './invitations-section.tsx';
import { OutboxSection } from './outbox-section.tsx';
import { PlatformSettingsSection } from './platform-settings-section.tsx';
import { QuarantineSection } from './quarantine-section.tsx';
import { RemoteServersSection } from './remote-servers-section.tsx';
import { RuntimeSettingsSection } from './runtime-settings-section.tsx';
import { StampRunsSection } from './stamp-runs-section.tsx';
import { StampsSection } from './stamps-section.tsx';
import { StatisticsSection } from './statistics-section.tsx';
import { StatusSection } from './status-section.tsx';
import { ThemeOrganizerSection } from './theme-organizer-section.tsx';
import { ThemesSection } from './themes-section.tsx';
import { UsersSection } from './users-section.tsx';
import { WorkflowsSection } from './workflows-section.tsx';
import { WorkspacesSection } from './workspaces-section.tsx';

export const screen = defineScreen('admin', {
  codec: path<{ section: AdminSection }>(['/admin/:section', '/admin'], {
    segments: { section: ADMIN_SECTIONS },
    defaults: { section: 'users' as const },
  }),
  access: 'admin',
  title: 'admin.title',
  nav: { menu: 'user', label: 'shell.administration', order: 4, params: { section: 'users' as const } },
});
export const draw: Draw<'admin'> = (route) => <AdminScreen section={route.section} />;

const SECTIONS: Record<AdminSection, { label: MessageKey; Component: () => React.JSX.Element }> = {
  users: { label: 'admin.users', Component: UsersSection },
  groups: { label: 'admin.groups', Component: GroupsSection },
  acls: { label: 'admin.acls', Component: AclsSection },
  invitations: { label: 'admin.invitations', Component: InvitationsSection },
  conversions: { label: 'admin.conversions', Component: ConversionPresetsSection },
  audit: { label: 'admin.audit', Component: AuditSection },
  outbox: { label: 'admin.outbox', Component: OutboxSection },
  platform: { label: 'admin.platform', Component: PlatformSettingsSection },
  health: { label: 'admin.health', Component: HealthSection },
  status: { label: 'admin.status', Component: StatusSection },
  forms: { label: 'admin.forms', Component: FormsSection },
  dictionaries: { label: 'admin.dictionaries', Component: DictionariesSection },
  workflows: { label: 'admin.workflows', Component: WorkflowsSection },
  stamps: { label: 'admin.stamps', Component: StampsSection },
  statistics: { label: 'admin.statistics', Component: StatisticsSection },
  workspaces: { label: 'admin.workspaces', Component: WorkspacesSection },
  remote: { label: 'admin.remote', Component: RemoteServersSection },
  quarantine: { label: 'admin.quarantine', Component: QuarantineSection },
  archive: { label: 'admin.archive', Component: ArchiveSection },
  configuration: { label: 'admin.configuration', Component: RuntimeSettingsSection },
  'stamp-runs': { label: 'admin.stampRuns', Component: StampRunsSection },
  // issue 30, themes
  themes: { label: 'admin.themes', Component: ThemesSection },
  themeOrganizer: { label: 'admin.themeOrganizer', Component: ThemeOrganizerSection },
};

/** Administration (R-SCREEN-LABELS, R-ADMIN-ONLY): administrators only, which the route table enforces (access: 'admin'). */
export function AdminScreen({ section }: { section: AdminSection }) {
  const { t } = usePreferences();
  const { Component } = SECTIONS[section];
  return (
    <Stack gap="4">
      <ScreenHeader title={`${t('admin.title')} — ${t(SECTIONS[section].label)}`} />
      <Flex as="nav" aria-label={t('admin.sections')} gap="1" wrap="wrap" borderBottomWidth="1px" pb="2">
        {ADMIN_SECTIONS.map((each) => (
          <Link
            key={each}
            to={{ name: 'admin', section: each }}
            aria-current={each === section ? 'page' : undefined}
            px="3"
            py="1.5"
            rounded="md"
            fontWeight={each === section ? 'semibold' : 'normal'}
            bg={each === section ? 'teal.subtle' : undefined}
            color={each === section ? 'teal.fg' : 'fg'}
            textDecoration="none"
          >
            {t(SECTIONS[each].label)}
          </Link>
        ))}
      </Flex>
      <Box>
        <Component />
      </Box>
    </Stack>
  );
}

declare module '../../router/routes.ts' {
  interface Screens extends ScreenEntry<typeof screen> {}
}
