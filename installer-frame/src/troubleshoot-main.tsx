import { ChakraProvider } from '@chakra-ui/react';
import { CacheProvider } from '@emotion/react';
import { createRoot } from 'react-dom/client';
import { pickLanguage, translator } from './i18n/translate.ts';
import { createAdoptedCache } from './style/adopted-sheet.ts';
import { frameSystem } from './theme/system.ts';
import { TroubleshootPage } from './troubleshoot/troubleshoot-page.tsx';

// Wiring only: the troubleshoot page, under the same strict CSP as the banners.
const language = pickLanguage(navigator.languages?.length ? navigator.languages : [navigator.language]);
document.documentElement.lang = language;
const supportedBrowser = /(Chrome|Chromium|Firefox|Edg)\//.test(navigator.userAgent);
const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <CacheProvider value={createAdoptedCache('rapid')}>
      <ChakraProvider value={frameSystem}>
        <TroubleshootPage t={translator(language)} supportedBrowser={supportedBrowser} />
      </ChakraProvider>
    </CacheProvider>,
  );
}
