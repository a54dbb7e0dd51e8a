import { createRoot, hydrateRoot } from 'react-dom/client';
import { FrameRoot } from './components/frame-root.tsx';
import { browserLanguage } from './i18n/pick-language.ts';
import { translator } from './i18n/translate.ts';
import { takeEarlyMessages } from './state/early-messages.ts';
import { firstDialog } from './state/first-dialog.ts';
import { INITIAL_STATE } from './state/frame-state.ts';
import { createFrameStore } from './state/frame-store.ts';
import { createAdoptedCache } from './style/adopted-sheet.ts';
import { LOOKS, styleOf } from './theme/looks.ts';

// Wiring only. The page's <html data-style> says which of the two banner styles this build is. When the installer
// named the dialog in the URL, first-paint.js has already put the build's rendering of it in #root (inert until
// hydrated) and kept the parent's messages that came before this bundle ran.
const dialog = firstDialog(location.hash);
const store = createFrameStore(
  window,
  window.parent === window ? null : window.parent,
  dialog ? { ...INITIAL_STATE, dialog } : INITIAL_STATE,
  takeEarlyMessages(window),
);
const language = browserLanguage();
document.documentElement.lang = language;
const root = document.getElementById('root');
if (root) {
  const tree = (
    <FrameRoot
      cache={createAdoptedCache('rapid')}
      store={store}
      t={translator(language)}
      look={LOOKS[styleOf(document.documentElement.dataset.style)]}
      onReady={() => {
        root.inert = false;
      }}
    />
  );
  if (root.firstElementChild) hydrateRoot(root, tree);
  else createRoot(root).render(tree);
}
