import { Button, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { usePreferences } from '../app/preferences.tsx';
import { Modal } from '../components/modal.tsx';
import { SubmitButton } from '../components/submit-button.tsx';

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
    <Modal
      open={props.open}
      onClose={props.onClose}
      title={props.title}
      size={props.size ?? 'md'}
      scrollInside
      closeButton={props.closeButton !== false}
      form={{ onSend: props.onSubmit }}
      footer={
        <>
          <Button variant="outline" onClick={props.onClose}>
            {t('app.cancel')}
          </Button>
          <SubmitButton loading={props.busy} disabled={props.disabled}>
            {props.submitLabel}
          </SubmitButton>
        </>
      }
    >
      <Stack gap="4">{props.children}</Stack>
    </Modal>
  );
}
