import { Box, Heading, Stack, Text } from '@chakra-ui/react';
import { useId } from 'react';
import { usePreferences } from '../app/preferences.tsx';
import { useTransferText } from './transfer-text.ts';
import type { UploadState } from './upload-state.ts';

/**
 * R-UPLOAD-PROGRESS-DIALOG upload progress dialog: shown once an upload starts. The workspace has no upload metadata forms, so
 * nothing needs confirming: it confirms itself and goes when the upload ends (the transfer panel keeps the detail).
 * A non-modal window that never takes the focus, so it neither interrupts the person nor closes their open menus.
 */
export function UploadProgressDialog(props: {
  uploads: readonly { cookie: string; files: number; state: UploadState }[];
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
          <Text as="li" key={upload.cookie} fontSize="sm" data-state={upload.state}>
            {t('transfer.up')} · {t('transfer.fileTotal', { count: upload.files })} — {text(upload.state)}
          </Text>
        ))}
      </Stack>
    </Box>
  );
}
