import { Button, Text } from '@chakra-ui/react';
import { Modal } from '../components/modal.tsx';
import { useTransferText } from './transfer-text.ts';

/** R-DIALOG-SIZES: the Download dialog is 600 px wide and its text area 40 px high. */
export const DOWNLOAD_DIALOG = { width: '600px', textHeight: '40px' } as const;

/**
 * R-DOWNLOAD-DIALOG Download dialog: Standard Download (HTTP), Rapid Download and Cancel, with the cart text or the
 * single-file text.
 */
export function DownloadDialog(props: {
  open: boolean;
  kind: 'cart' | 'file';
  onStandard(): void;
  onRapid(): void;
  onClose(): void;
}) {
  const text = useTransferText();
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
        {props.kind === 'cart' ? text('downloadCartText') : text('downloadFileText')}
      </Text>
    </Modal>
  );
}
