import { Dialog, Portal, Stack, Text } from '@chakra-ui/react';
import { usePreferences } from '../app/preferences.tsx';
import { useTransferText } from './transfer-text.ts';

export type UploadState = 'starting' | 'uploading' | 'complete' | 'cancelled';

/**
 * Spec §2 upload progress dialog: shown once an upload starts. The workspace has no upload metadata forms, so
 * nothing needs confirming: it confirms itself and closes when the upload ends (the transfer panel keeps the detail).
 */
export function UploadProgressDialog(props: {
  uploads: readonly { cookie: string; files: number; state: UploadState }[];
  onClose(): void;
}) {
  const { t } = usePreferences();
  const text = useTransferText();
  return (
    <Dialog.Root
      open={props.uploads.length > 0}
      onOpenChange={(details) => !details.open && props.onClose()}
      placement="bottom"
      modal={false}
      closeOnInteractOutside={false}
    >
      <Portal>
        <Dialog.Positioner pointerEvents="none">
          <Dialog.Content pointerEvents="auto" width="sm" data-testid="upload-progress-dialog">
            <Dialog.Header>
              <Dialog.Title>{t('transfer.progressTitle')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack as="ul" gap="1" listStyleType="none">
                {props.uploads.map((upload) => (
                  <Text as="li" key={upload.cookie} fontSize="sm" data-state={upload.state}>
                    {t('transfer.up')} · {t('transfer.fileTotal', { count: upload.files })} —{' '}
                    {text(upload.state)}
                  </Text>
                ))}
              </Stack>
            </Dialog.Body>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
