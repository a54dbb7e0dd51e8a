import { ChakraProvider } from '@chakra-ui/react';
import { CacheProvider } from '@emotion/react';
import { createAdoptedCache } from '@rapid/installer-frame/style/adopted-sheet';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ApiFailure } from './api/api-failure.ts';
import { App } from './app/app.tsx';
import { PreferencesProvider } from './app/preferences.tsx';
import { damSystem } from './app/system.ts';
import { AppToaster } from './app/toaster.tsx';

// Wiring only. browser-check.js has already shown "Browser not supported." where this bundle cannot run.
const unsupported =
  (window as { __damUnsupported?: boolean }).__damUnsupported === true || typeof fetch !== 'function';
const mayRetry = (error: unknown) =>
  !(error instanceof ApiFailure) || error.status === 0 || error.status >= 500;
const root = document.getElementById('root');
if (root && !unsupported) {
  const queries = new QueryClient({
    defaultOptions: {
      // Only a lost connection or a server error is worth asking again; a 4xx answer stays the answer.
      queries: { refetchOnWindowFocus: false, retry: (count, error) => count < 1 && mayRetry(error) },
      mutations: { retry: false },
    },
  });
  createRoot(root).render(
    <StrictMode>
      <CacheProvider value={createAdoptedCache('dam')}>
        <ChakraProvider value={damSystem}>
          <QueryClientProvider client={queries}>
            <PreferencesProvider>
              <App />
              <AppToaster />
            </PreferencesProvider>
          </QueryClientProvider>
        </ChakraProvider>
      </CacheProvider>
    </StrictMode>,
  );
}
