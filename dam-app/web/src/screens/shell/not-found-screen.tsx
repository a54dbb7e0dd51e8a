import { Stack } from '@chakra-ui/react';
import { usePreferences } from '../../app/preferences.tsx';
import { ErrorAlert } from '../../components/feedback.tsx';
import { Link } from '../../components/link.tsx';
import { defineScreen } from '../../router/define-screen.ts';
import type { Draw } from '../../router/routes.ts';

/** This screen's route (found by `router/routes.ts`) and how it is drawn (loaded lazily by `app/routes.tsx`). */
export const screen = defineScreen('not-found', {
  // Any hash no other screen reads: never matched, only fallen back to.
  codec: {
    parse: (): { hash: string } | undefined => undefined,
    href: ({ hash }) => (hash.startsWith('#') ? hash : `#${hash}`),
  },
  access: 'signed-in',
});
declare module '../../router/routes.ts' {
  interface Screens {
    'not-found': typeof screen;
  }
}
export const draw: Draw<'not-found'> = () => <NotFoundScreen />;

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
