import { ChakraProvider } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useLayoutEffect, useMemo } from 'react';
import { myTheme, themeLogo } from '../../../../api/contract/theme-endpoints.ts';
import type { MyTheme } from '../../../../api/themes.ts';
import { api } from '../../api/api-client.ts';
import { SHELL_THEME_ATTRIBUTE, themeSystem } from '../../app/theme-system.ts';

export const MY_THEME_KEY = ['theme'] as const;

/** The signed-in person's theme (R-THEME-ORGANIZER): their workspace's, else the default; null for the DAM's own. */
export const useMyTheme = () =>
  useQuery({
    queryKey: MY_THEME_KEY,
    queryFn: ({ signal }) => api.call(myTheme, { signal }),
    staleTime: 60_000,
  });

type PersonTheme = NonNullable<MyTheme['theme']>;

export const themeLogoUrl = (theme: PersonTheme | null | undefined) =>
  theme?.hasLogo ? api.url(themeLogo, { params: { id: theme.id }, query: { v: theme.version } }) : undefined;

/**
 * The shell in the person's theme: a Chakra system made from it, on the page's root, in light or dark as the person's
 * colour mode (their choice, else the system's) puts `.dark` on <html>. Without a theme the DAM's own system stays.
 */
export function ThemedShell({
  theme,
  children,
}: {
  theme: PersonTheme | null | undefined;
  children: ReactNode;
}) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: a theme's version changes with each save of it.
  const system = useMemo(() => (theme ? themeSystem(theme, 'both') : undefined), [theme?.id, theme?.version]);
  useLayoutEffect(() => {
    if (!system) return;
    document.documentElement.setAttribute(SHELL_THEME_ATTRIBUTE, '');
    return () => document.documentElement.removeAttribute(SHELL_THEME_ATTRIBUTE);
  }, [system]);
  return system ? <ChakraProvider value={system}>{children}</ChakraProvider> : children;
}
