import { Heading, Stack } from '@chakra-ui/react';
import type { SessionView } from '../../../../api/accounts.ts';
import { usePreferences } from '../../app/preferences.tsx';
import { Empty, Notice } from '../../components/feedback.tsx';

/** The main view area: assets, searches and collections land here once the asset API exists. */
export function HomeScreen({ session }: { session: SessionView }) {
  const { t, spec } = usePreferences();
  return (
    <Stack gap="4">
      <Heading as="h1" size="xl">
        {session.acl?.name ?? t('app.name')}
      </Heading>
      {session.acls.length === 0 && <Notice status="warning">{spec('noAcl')}</Notice>}
      {session.adminMode && <Notice status="info">{t('shell.adminModeOn')}</Notice>}
      <Empty title={t('shell.mainEmptyTitle')} description={t('shell.mainEmptyBody')} />
    </Stack>
  );
}
