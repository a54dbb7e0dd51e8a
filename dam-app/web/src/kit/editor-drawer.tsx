import { Button, CloseButton, Drawer, Portal, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { usePreferences } from '../app/preferences.tsx';
import { Form } from '../components/form.tsx';
import { SubmitButton } from '../components/submit-button.tsx';
import { mayLeave } from '../router/leave-guard.ts';

/** The side panel the administration screens create and edit in; closing it with unsaved edits asks first. */
export function EditorDrawer(props: {
  open: boolean;
  title: string;
  busy?: boolean;
  submitLabel?: string;
  onSubmit(): void;
  onClose(): void;
  children: ReactNode;
}) {
  const { t } = usePreferences();
  const close = () => {
    if (mayLeave()) props.onClose();
  };
  return (
    <Drawer.Root open={props.open} onOpenChange={(details) => !details.open && close()} size="md">
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content>
            {/* display: contents keeps the drawer's header, scrolling body and footer layout around the form. */}
            <Form onSend={props.onSubmit} display="contents">
              <Drawer.Header>
                <Drawer.Title>{props.title}</Drawer.Title>
              </Drawer.Header>
              <Drawer.Body>
                <Stack gap="4">{props.children}</Stack>
              </Drawer.Body>
              <Drawer.Footer>
                <Button variant="outline" onClick={close}>
                  {t('app.cancel')}
                </Button>
                <SubmitButton loading={props.busy}>{props.submitLabel ?? t('app.save')}</SubmitButton>
              </Drawer.Footer>
              <Drawer.CloseTrigger asChild>
                <CloseButton size="sm" aria-label={t('app.close')} />
              </Drawer.CloseTrigger>
            </Form>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
