import { Box, Button, Link, Progress, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { CLIENT_DOWNLOAD_PAGE, MIN_CLIENT_VERSION } from '../../../api/transfer-messages.ts';
import { usePreferences } from '../app/preferences.tsx';
import { Modal } from '../components/modal.tsx';
import { type BrowserUploadProgress, uploadOverHttp, withProgress } from './browser-upload.ts';
import type { UploadTarget } from './transfer-context.ts';
import { useTransferText, warningText } from './transfer-text.ts';

/** R-DIALOG-SIZES: the Warning dialog is 675 px wide. */
export const WARNING_DIALOG_WIDTH = '675px';

/**
 * The folder's path below the ACL root, as the browser upload names its destination. Plain HTTP: the ACL's root, not
 * the accelerated transfer's relative path permission (which may be a folder under it, or missing).
 */
export function destPathOf(target: UploadTarget, aclRoot: string | null): string {
  const root = (aclRoot ?? '').replace(/\/+$/, '');
  if (!root) return target.path;
  return target.path === root
    ? ''
    : target.path.startsWith(`${root}/`)
      ? target.path.slice(root.length + 1)
      : '';
}

/**
 * R-WARNING-DIALOG Warning dialog (the client is not running): try again, else install version 3.9.1 of the free client from
 * our download page; Continue closes it. Beyond the spec, it offers a resumable browser upload (tus) into the current
 * directory, so nobody is stuck.
 */
export function WarningDialog(props: {
  open: boolean;
  offerHttpUpload: boolean;
  target: UploadTarget;
  /** The current ACL's root path. */
  aclRoot: string | null;
  csrfToken?: string;
  onClose(): void;
}) {
  const { t, language } = usePreferences();
  const text = useTransferText();
  const [uploads, setUploads] = useState<BrowserUploadProgress[]>([]);
  const running = useRef<{ abort(): void }[]>([]);
  useEffect(
    () => () => {
      for (const each of running.current) each.abort();
    },
    [],
  );

  const start = (files: FileList | null) => {
    const destPath = destPathOf(props.target, props.aclRoot);
    for (const file of Array.from(files ?? [])) {
      running.current.push(
        uploadOverHttp(
          file,
          destPath,
          (progress) => setUploads((current) => withProgress(current, progress)),
          props.csrfToken,
        ),
      );
    }
  };

  return (
    <Modal
      role="alertdialog"
      open={props.open}
      onClose={props.onClose}
      title={text('warningTitle')}
      width={WARNING_DIALOG_WIDTH}
      testId="warning-dialog"
      footer={
        <Button colorPalette="teal" onClick={props.onClose}>
          {text('continue')}
        </Button>
      }
    >
      <Stack gap="4">
        <Text>{warningText(language)}</Text>
        <Link
          href={CLIENT_DOWNLOAD_PAGE}
          target="_blank"
          rel="noopener"
          colorPalette="teal"
          variant="underline"
        >
          {t('transfer.downloadClient', { version: MIN_CLIENT_VERSION })}
        </Link>
        {props.offerHttpUpload && (
          <Box borderTopWidth="1px" pt="4">
            <Text fontWeight="semibold" mb="1">
              {t('transfer.httpUpload')}
            </Text>
            <Text fontSize="sm" color="fg.muted" mb="3">
              {t('transfer.httpUploadHint', { folder: props.target.name })}
            </Text>
            <input
              type="file"
              multiple
              aria-label={t('transfer.httpChoose')}
              data-testid="http-upload-input"
              onChange={(event) => start(event.currentTarget.files)}
            />
            <Stack as="ul" gap="2" mt="3" listStyleType="none">
              {uploads.map((upload) => (
                <Box as="li" key={upload.id} data-state={upload.state}>
                  <Text fontSize="sm">
                    {upload.name} —{' '}
                    {upload.state === 'done'
                      ? t('transfer.httpDone')
                      : upload.state === 'failed'
                        ? t('transfer.httpFailed', { reason: upload.error ?? '' })
                        : `${Math.floor((upload.sent / Math.max(1, upload.total)) * 100)} %`}
                  </Text>
                  <Progress.Root
                    size="xs"
                    value={Math.floor((upload.sent / Math.max(1, upload.total)) * 100)}
                    aria-label={upload.name}
                  >
                    <Progress.Track>
                      <Progress.Range />
                    </Progress.Track>
                  </Progress.Root>
                </Box>
              ))}
            </Stack>
          </Box>
        )}
      </Stack>
    </Modal>
  );
}
