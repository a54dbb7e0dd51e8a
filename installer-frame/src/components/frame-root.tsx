import { ChakraProvider } from '@chakra-ui/react';
import type { EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { useEffect } from 'react';
import type { Translate } from '../i18n/translate.ts';
import type { FrameStore } from '../state/frame-store.ts';
import type { Look } from '../theme/looks.ts';
import { frameSystem } from '../theme/system.ts';
import { App } from './app.tsx';

/** The frame's whole tree, the same in the browser and in the build's first-paint render, so the two hydrate. */
export function FrameRoot(props: {
  cache: EmotionCache;
  store: FrameStore;
  t: Translate;
  look: Look;
  /** Once React has rendered (or hydrated) the frame in the browser. */
  onReady?: () => void;
}) {
  const { onReady } = props;
  useEffect(() => onReady?.(), [onReady]);
  return (
    <CacheProvider value={props.cache}>
      <ChakraProvider value={frameSystem}>
        <App store={props.store} t={props.t} look={props.look} />
      </ChakraProvider>
    </CacheProvider>
  );
}
