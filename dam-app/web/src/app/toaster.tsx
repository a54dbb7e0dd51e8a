import { createToaster, Portal, Stack, Toast, Toaster } from '@chakra-ui/react';
import type { ApiFailure } from '../api/api-failure.ts';
import { usePreferences } from './preferences.tsx';

/**
 * The app's one toaster: short confirmations ("Saved.") and failures that have no field to sit next to. Its toasts sit
 * bottom left, clear of what the right side holds (the floating Transfers button, and the editor drawers whose Save
 * buttons are at the bottom right), and 4rem up, so on a narrow screen, where they span the width, they stay above the
 * Transfers button (0.5rem from the bottom below 1280 px, in the footer's row, 1rem above; 2.25rem high).
 */
export const toaster = createToaster({
  placement: 'bottom-start',
  pauseOnPageIdle: true,
  max: 4,
  offsets: { top: '1rem', right: '1rem', bottom: '4rem', left: '1rem' },
});

export function AppToaster() {
  return (
    <Portal>
      <Toaster toaster={toaster} insetInline={{ mdDown: '4' }}>
        {(toast) => (
          // A toast on its way out never takes a click meant for what it slides over.
          <Toast.Root width={{ md: 'sm' }} _closed={{ pointerEvents: 'none' }}>
            <Toast.Indicator />
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
              {toast.description && <Toast.Description>{toast.description}</Toast.Description>}
            </Stack>
            <Toast.CloseTrigger />
          </Toast.Root>
        )}
      </Toaster>
    </Portal>
  );
}

/** Shows a failed action's message (the server's, in the person's language) as an error toast: a mutation's `onError`. */
export function useFailureToast() {
  const { message } = usePreferences();
  return (error: Error) => {
    toaster.create({ type: 'error', title: message((error as ApiFailure).message) });
  };
}
