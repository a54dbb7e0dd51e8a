import { ChakraProvider } from '@chakra-ui/react';
import { CacheProvider } from '@emotion/react';
import { createRoot } from 'react-dom/client';
import { App } from './components/app.tsx';
import { pickLanguage, translator } from './i18n/translate.ts';
import { createFrameStore } from './state/frame-store.ts';
import { createAdoptedCache } from './style/adopted-sheet.ts';
import { LOOKS, styleOf } from './theme/looks.ts';
import { frameSystem } from './theme/system.ts';

// Wiring only. The page's <html data-style> says which of the two banner styles this build is.
const store = createFrameStore(window, window.parent === window ? null : window.parent);
const language = pickLanguage(navigator.languages?.length ? navigator.languages : [navigator.language]);
document.documentElement.lang = language;
const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <CacheProvider value={createAdoptedCache('rapid')}>
      <ChakraProvider value={frameSystem}>
        <App
          store={store}
          t={translator(language)}
          look={LOOKS[styleOf(document.documentElement.dataset.style)]}
        />
      </ChakraProvider>
    </CacheProvider>,
  );
}
