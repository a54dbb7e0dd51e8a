import { Button, Dialog, Portal, Text } from '@chakra-ui/react';
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
    <Dialog.Root
      open={props.open}
      onOpenChange={(details) => !details.open && props.onClose()}
      placement="center"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content
            width={DOWNLOAD_DIALOG.width}
            maxWidth="calc(100vw - 2rem)"
            data-testid="download-dialog"
          >
            <Dialog.Header>
              <Dialog.Title>{text('downloadTitle')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text minHeight={DOWNLOAD_DIALOG.textHeight}>
                {props.kind === 'cart' ? text('downloadCartText') : text('downloadFileText')}
              </Text>
            </Dialog.Body>
            <Dialog.Footer flexWrap="wrap">
              <Button variant="outline" onClick={props.onStandard}>
                {text('standardDownload')}
              </Button>
              <Button colorPalette="teal" onClick={props.onRapid}>
                {text('rapidDownload')}
              </Button>
              <Button variant="ghost" onClick={props.onClose}>
                {text('cancel')}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
