import { Box, Heading, Stack, Text } from '@chakra-ui/react';
import { useId } from 'react';
import { usePreferences } from '../app/preferences.tsx';
import { useTransferText } from './transfer-text.ts';
import { UploadFormStep } from './upload-form-step.tsx';
import type { UploadState } from './upload-state.ts';

/**
 * R-UPLOAD-PROGRESS-DIALOG upload progress dialog: shown once an upload starts. A completed upload whose folder has an
 * upload form asks for it there (R-UPLOAD-FORM) and is confirmed when its values are applied; without one it confirms
 * itself and goes (the transfer panel keeps the detail). A non-modal window that never takes the focus, so it neither
 * interrupts the person nor closes their open menus.
 */
export function UploadProgressDialog(props: {
  uploads: readonly { cookie: string; files: number; state: UploadState }[];
  /** A completed upload's form was applied, or it needs none. */
  onConfirmed(cookie: string): void;
}) {
  const { t } = usePreferences();
  const text = useTransferText();
  const titleId = useId();
  if (props.uploads.length === 0) return null;
  return (
    <Box
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      position="fixed"
      bottom="16"
      insetEnd="4"
      zIndex="docked"
      width="sm"
      maxWidth="calc(100vw - 2rem)"
      // A long upload form scrolls inside the window rather than running off the top of the page.
      maxHeight="calc(100vh - 8rem)"
      overflowY="auto"
      bg="bg.panel"
      borderWidth="1px"
      borderRadius="md"
      boxShadow="lg"
      p="4"
      data-testid="upload-progress-dialog"
    >
      <Heading as="h2" size="sm" id={titleId} mb="2">
        {t('transfer.progressTitle')}
      </Heading>
      <Stack as="ul" gap="1" listStyleType="none" aria-live="polite">
        {props.uploads.map((upload) => (
          <Box as="li" key={upload.cookie} fontSize="sm" data-state={upload.state}>
            <Text>
              {t('transfer.up')} · {t('transfer.fileTotal', { count: upload.files })} — {text(upload.state)}
            </Text>
            {upload.state === 'complete' && (
              <UploadFormStep cookie={upload.cookie} onConfirmed={() => props.onConfirmed(upload.cookie)} />
            )}
          </Box>
        ))}
      </Stack>
    </Box>
  );
}
