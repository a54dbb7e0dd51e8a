import { Stack } from '@chakra-ui/react';
import { usePreferences } from '../../app/preferences.tsx';
import { ErrorAlert } from '../../components/feedback.tsx';
import { Link } from '../../components/link.tsx';

/** An address that names no screen: say so, and offer the way home. */
export function NotFoundScreen() {
  const { t } = usePreferences();
  return (
    <Stack gap="3" align="flex-start">
      <ErrorAlert error={t('app.notFound')} />
      <Link to={{ name: 'home' }}>{t('app.home')}</Link>
    </Stack>
  );
}
