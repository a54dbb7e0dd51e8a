import { ChakraProvider } from '@chakra-ui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, vi } from 'vitest';
import { PreferencesProvider } from '../app/preferences.tsx';
import { damSystem } from '../app/system.ts';
import { type SpecKey, specText, translator } from '../i18n/translate.ts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

/** Draws a screen or kit part as the app does (Chakra, queries, preferences), in English unless told, without retries. */
export function renderScreen(ui: ReactNode, options: { language?: 'en' | 'fr' } = {}) {
  window.localStorage.setItem('rapid-dam.language', options.language ?? 'en');
  const queries = new QueryClient({
    defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false }, mutations: { retry: false } },
  });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <ChakraProvider value={damSystem}>
      <QueryClientProvider client={queries}>
        <PreferencesProvider>{children}</PreferencesProvider>
      </QueryClientProvider>
    </ChakraProvider>
  );
  // As a wrapper, so that `rerender` keeps the providers and the query cache.
  return render(ui, { wrapper });
}

/** The English texts the screens show, taken from the catalogues (never retyped in a test). */
export const en = translator('en');
export const enSpec = (key: SpecKey, values?: Record<string, string | number>) => specText(key, 'en', values);
