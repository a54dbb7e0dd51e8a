import { Button, CloseButton, Dialog, Portal, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { usePreferences } from '../app/preferences.tsx';
import { Form } from '../components/form.tsx';

/** A centred dialog holding one form (check in, rename, move or copy, bulk edit…): Cancel and one action. */
export function ActionDialog(props: {
  open: boolean;
  title: string;
  submitLabel: string;
  busy?: boolean;
  disabled?: boolean;
  size?: 'sm' | 'md' | 'lg';
  /** The × in the corner; the folder and saved-search dialogs close by Cancel only. */
  closeButton?: boolean;
  onSubmit(): void;
  onClose(): void;
  children: ReactNode;
}) {
  const { t } = usePreferences();
  return (
    <Dialog.Root
      open={props.open}
      onOpenChange={(details) => !details.open && props.onClose()}
      placement="center"
      size={props.size ?? 'md'}
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Form onSend={props.onSubmit} display="contents">
              <Dialog.Header>
                <Dialog.Title>{props.title}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">{props.children}</Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={props.onClose}>
                  {t('app.cancel')}
                </Button>
                <Button type="submit" colorPalette="teal" loading={props.busy} disabled={props.disabled}>
                  {props.submitLabel}
                </Button>
              </Dialog.Footer>
              {props.closeButton !== false && (
                <Dialog.CloseTrigger asChild>
                  <CloseButton size="sm" aria-label={t('app.close')} />
                </Dialog.CloseTrigger>
              )}
            </Form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
