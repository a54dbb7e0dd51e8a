import { Box } from '@chakra-ui/react';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import type { Translate } from '../i18n/translate.ts';
import { sendToParent } from '../messages/frame-event.ts';
import type { FrameStore } from '../state/frame-store.ts';
import type { Look } from '../theme/looks.ts';
import { Banner } from './banner.tsx';
import { InstallSteps } from './install-steps.tsx';
import { useFrameSize } from './use-frame-size.ts';

/** The frame: the banner for the parent's current dialog, or the full-size how-to panel. */
export function App({ store, t, look }: { store: FrameStore; t: Translate; look: Look }) {
  const state = useSyncExternalStore(store.subscribe, store.getState, () => store.first);
  const banner = useRef<HTMLDivElement>(null);
  useFrameSize(banner, state.showingSteps);

  const dialog = state.dialog;
  useEffect(() => {
    // Once per dialog shown, as the page's activity listeners expect.
    if (dialog) sendToParent('connect_bar_visible');
  }, [dialog]);

  useEffect(() => {
    // Escape closes the how-to panel, else the banner: the keyboard can always get rid of it.
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      if (store.getState().showingSteps) store.dispatch({ kind: 'steps', open: false });
      else sendToParent('removeiframe');
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [store]);

  useEffect(() => {
    if (!state.stylesheet) return;
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = state.stylesheet;
    document.head.append(link);
    return () => link.remove();
  }, [state.stylesheet]);

  if (state.showingSteps) {
    return (
      <Box as="main" minH="100vh" p="4">
        <InstallSteps t={t} look={look} onBack={() => store.dispatch({ kind: 'steps', open: false })} />
      </Box>
    );
  }
  return (
    <Box as="main" ref={banner}>
      {state.dialog && (
        <Banner
          dialog={state.dialog}
          state={state}
          t={t}
          look={look}
          onHowTo={() => store.dispatch({ kind: 'steps', open: true })}
        />
      )}
    </Box>
  );
}
