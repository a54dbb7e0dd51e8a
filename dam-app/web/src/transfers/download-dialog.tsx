import { Button, Text } from '@chakra-ui/react';
import { usePreferences } from '../app/preferences.tsx';
import { Modal } from '../components/modal.tsx';
import type { DialogDownloadRequest } from './download-flow.ts';
import { useTransferText } from './transfer-text.ts';

/** R-DIALOG-SIZES: the Download dialog is 600 px wide and its text area 40 px high. */
export const DOWNLOAD_DIALOG = { width: '600px', textHeight: '40px' } as const;

/** What the Download dialog offers: a cart, a bundle, one file, or a selection of several files. */
export type DownloadDialogSubject =
  | { kind: 'cart' }
  | { kind: 'bundle'; name: string }
  | { kind: 'file' }
  | { kind: 'selection'; count: number };

/** The dialog's subject for a request: a cart, a bundle, one asset (a file) or more (a selection). */
export function downloadSubjectOf(request: DialogDownloadRequest): DownloadDialogSubject {
  if (request.kind === 'cart') return { kind: 'cart' };
  if (request.kind === 'bundle') return { kind: 'bundle', name: request.bundle.name };
  return request.assets.length === 1 ? { kind: 'file' } : { kind: 'selection', count: request.assets.length };
}

/**
 * R-DOWNLOAD-DIALOG Download dialog: Standard Download (HTTP), Rapid Download and Cancel, with the cart text, the
 * single-file text, or — for several files picked together or a bundle, which the spec does not word — our own text.
 */
export function DownloadDialog(props: {
  open: boolean;
  subject: DownloadDialogSubject;
  onStandard(): void;
  onRapid(): void;
  onClose(): void;
}) {
  const { t } = usePreferences();
  const text = useTransferText();
  const { subject } = props;
  return (
    <Modal
      open={props.open}
      onClose={props.onClose}
      title={text('downloadTitle')}
      width={DOWNLOAD_DIALOG.width}
      testId="download-dialog"
      footerProps={{ flexWrap: 'wrap' }}
      footer={
        <>
          <Button variant="outline" onClick={props.onStandard}>
            {text('standardDownload')}
          </Button>
          <Button colorPalette="teal" onClick={props.onRapid}>
            {text('rapidDownload')}
          </Button>
          <Button variant="ghost" onClick={props.onClose}>
            {text('cancel')}
          </Button>
        </>
      }
    >
      <Text minHeight={DOWNLOAD_DIALOG.textHeight}>
        {subject.kind === 'cart'
          ? text('downloadCartText')
          : subject.kind === 'bundle'
            ? t('transfer.downloadBundleText', { name: subject.name })
            : subject.kind === 'file'
              ? text('downloadFileText')
              : t('transfer.downloadSelectionText', { count: subject.count })}
      </Text>
    </Modal>
  );
}
