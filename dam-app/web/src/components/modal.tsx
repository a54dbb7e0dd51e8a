import { CloseButton, Dialog, type DialogFooterProps, Portal } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { usePreferences } from '../app/preferences.tsx';
import { Form } from './form.tsx';

/**
 * The app's centred dialog: a title, a body, the buttons in the footer. Every dialog is this, so focus handling,
 * Escape and the backdrop behave the same everywhere. `form` makes the whole dialog one form (Enter submits);
 * `blocking` keeps it open on Escape and outside clicks (a message the person must act on).
 */
export function Modal(props: {
  open: boolean;
  onClose?(): void;
  title: ReactNode;
  footer: ReactNode;
  children?: ReactNode;
  role?: 'alertdialog';
  blocking?: boolean;
  size?: 'sm' | 'md' | 'lg';
  scrollInside?: boolean;
  closeButton?: boolean;
  form?: { onSend(): void };
  /** A fixed width the spec gives (never wider than the window), and the test id of the dialog's box. */
  width?: string;
  testId?: string;
  footerProps?: DialogFooterProps;
}) {
  const { t } = usePreferences();
  const parts = (
    <>
      <Dialog.Header>
        <Dialog.Title>{props.title}</Dialog.Title>
      </Dialog.Header>
      {props.children !== undefined && <Dialog.Body>{props.children}</Dialog.Body>}
      <Dialog.Footer {...props.footerProps}>{props.footer}</Dialog.Footer>
      {props.closeButton && (
        <Dialog.CloseTrigger asChild>
          <CloseButton size="sm" aria-label={t('app.close')} />
        </Dialog.CloseTrigger>
      )}
    </>
  );
  return (
    <Dialog.Root
      role={props.role}
      open={props.open}
      onOpenChange={(details) => !details.open && props.onClose?.()}
      closeOnEscape={props.blocking ? false : undefined}
      closeOnInteractOutside={props.blocking ? false : undefined}
      placement="center"
      size={props.size}
      scrollBehavior={props.scrollInside ? 'inside' : undefined}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content
            width={props.width}
            maxWidth={props.width ? 'calc(100vw - 2rem)' : undefined}
            data-testid={props.testId}
          >
            {props.form ? (
              // display: contents keeps the dialog's header, scrolling body and footer layout around the form.
              <Form onSend={props.form.onSend} display="contents">
                {parts}
              </Form>
            ) : (
              parts
            )}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
