import { Stack } from '@chakra-ui/react';
import { usePreferences } from '../../app/preferences.tsx';
import { ErrorAlert } from '../../components/feedback.tsx';
import { Link } from '../../components/link.tsx';
import { defineScreen } from '../../router/define-screen.ts';
import type { Draw, ScreenEntry } from '../../router/routes.ts';

export const screen = defineScreen('not-found', {
  // Any hash no other screen reads: never matched, only fallen back to.
  codec: {
    parse: (): { hash: string } | undefined => undefined,
    href: ({ hash }) => (hash.startsWith('#') ? hash : `#${hash}`),
  },
});
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

declare module '../../router/routes.ts' {
  interface Screens extends ScreenEntry<typeof screen> {}
}
