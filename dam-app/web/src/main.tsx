import { ChakraProvider } from '@chakra-ui/react';
import { CacheProvider } from '@emotion/react';
import { createAdoptedCache } from '@rapid/installer-frame/style/adopted-sheet';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { PreferencesProvider } from './app/preferences.tsx';
import { damSystem } from './app/system.ts';
import { AppToaster } from './app/toaster.tsx';

// Wiring only. browser-check.js has already shown "Browser not supported." where this bundle cannot run.
const unsupported =
  (window as { __damUnsupported?: boolean }).__damUnsupported === true || typeof fetch !== 'function';
const root = document.getElementById('root');
if (root && !unsupported) {
  const queries = new QueryClient({
    defaultOptions: { queries: { refetchOnWindowFocus: false, retry: 1 }, mutations: { retry: false } },
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
