import { useIsFetching } from '@tanstack/react-query';
import { lazy, memo, type ReactNode, Suspense, useEffect, useState } from 'react';
import type { SessionView } from '../../../api/accounts.ts';
import { BrowseExtensionsProvider, NO_BROWSE_EXTENSIONS } from '../screens/browse/browse-extensions.tsx';
import { TransferContext } from './transfer-context.ts';
import type { TransferWiring } from './transfer-provider.tsx';

// The integration and the SDK (Connect, the installer banner, tus) are a third of the folder screen's JavaScript:
// they load after the screen, not before it. Memoised: the shell drawing again with the wiring it handed over must not
// draw it again (its entries would be rebuilt and handed over once more).
const TransferIntegration = lazy(() =>
  import('./transfer-provider.tsx').then((module) => ({ default: memo(module.TransferIntegration) })),
);

/** How long the page stays settled (no request in flight) before the integration loads by itself. */
export const TRANSFER_SETTLED_MS = 1500;
/** At the latest, this long after the shell appeared, settled or not (a page that keeps asking). */
export const TRANSFER_LATEST_MS = 8000;
/** What the person does first that may need it: a press, a key, files dragged over the page. */
const FIRST_USE_EVENTS = ['pointerdown', 'keydown', 'dragenter'] as const;

/**
 * True from the person's first press, key or drag, or once the screen has drawn what it asked for and the page has
 * been settled a moment (a slow machine waits longer, so the screen's own code always goes first), or at the
 * latest after a few seconds: the client's status (the installer banner, the Rapid menus) still shows without
 * anyone asking.
 */
export function useTransferWanted(settledMs = TRANSFER_SETTLED_MS, latestMs = TRANSFER_LATEST_MS): boolean {
  const [wanted, setWanted] = useState(false);
  const settled = useIsFetching() === 0;
  useEffect(() => {
    if (wanted) return;
    const want = () => setWanted(true);
    for (const name of FIRST_USE_EVENTS) window.addEventListener(name, want, { capture: true, once: true });
    const latest = window.setTimeout(want, latestMs);
    return () => {
      window.clearTimeout(latest);
      for (const name of FIRST_USE_EVENTS) window.removeEventListener(name, want, { capture: true });
    };
  }, [wanted, latestMs]);
  useEffect(() => {
    if (wanted || !settled) return;
    let idle: number | undefined;
    // Then the first idle moment: a page still busy drawing what it fetched goes first.
    const timer = window.setTimeout(() => {
      idle = window.requestIdleCallback
        ? window.requestIdleCallback(() => setWanted(true), { timeout: settledMs })
        : window.setTimeout(() => setWanted(true), 0);
    }, settledMs);
    return () => {
      window.clearTimeout(timer);
      if (idle !== undefined) (window.cancelIdleCallback ?? window.clearTimeout)(idle);
    };
  }, [wanted, settled, settledMs]);
  return wanted;
}

/**
 * The transfer integration around the signed-in shell's screens. The screens are drawn at once, without it (no
 * Rapid entries, Upload disabled: what they show while the client starts anyway); the integration, its own chunk,
 * joins on first use and hands its actions and entries to the same providers, so nothing is drawn again from scratch.
 */
export function TransferShell({ session, children }: { session: SessionView; children: ReactNode }) {
  const [wiring, setWiring] = useState<TransferWiring>();
  const wanted = useTransferWanted();
  return (
    <TransferContext.Provider value={wiring?.actions}>
      <BrowseExtensionsProvider value={wiring?.extensions ?? NO_BROWSE_EXTENSIONS}>
        {children}
        {wanted && (
          <Suspense fallback={null}>
            <TransferIntegration session={session} onWired={setWiring} />
          </Suspense>
        )}
      </BrowseExtensionsProvider>
    </TransferContext.Provider>
  );
}
