import { createToaster, Portal, Stack, Toast, Toaster } from '@chakra-ui/react';

/**
 * The app's one toaster: short confirmations ("Saved.") and failures that have no field to sit next to. Its toasts
 * stack above the floating Transfers button (1rem from the bottom, 2rem high), never over it.
 */
export const toaster = createToaster({
  placement: 'bottom-end',
  pauseOnPageIdle: true,
  max: 4,
  offsets: { top: '1rem', right: '1rem', bottom: '4rem', left: '1rem' },
});

export function AppToaster() {
  return (
    <Portal>
      <Toaster toaster={toaster} insetInline={{ mdDown: '4' }}>
        {(toast) => (
          <Toast.Root width={{ md: 'sm' }}>
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
