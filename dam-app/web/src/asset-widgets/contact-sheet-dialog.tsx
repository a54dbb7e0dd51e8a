import { Text } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { contactSheet } from '../../../api/contract/assets-endpoints.ts';
import { api } from '../api/api-client.ts';
import { usePreferences } from '../app/preferences.tsx';
import { toaster } from '../app/toaster.tsx';
import { ErrorAlert } from '../components/feedback.tsx';
import { ActionDialog } from '../kit/action-dialog.tsx';
import type { AssetDialogProps } from './asset-dialog-props.ts';
import { saveFile } from './save-file.ts';

/** The server makes at most this many assets into one contact sheet. */
export const CONTACT_SHEET_MAX = 500;

/** Contact sheet/PDF (R-SCREEN-LABELS): thumbnails and names of a selection, 20 to a page, as a PDF download. */
export function ContactSheetDialog({ assetIds, open, onClose }: AssetDialogProps) {
  const { t } = usePreferences();
  const ids = assetIds.slice(0, CONTACT_SHEET_MAX);
  const make = useMutation({
    mutationFn: () => api.callForBlob(contactSheet, { body: { ids: [...ids] } }),
    onSuccess: (pdf) => {
      saveFile(pdf, 'contact-sheet.pdf');
      toaster.create({ type: 'success', title: t('contactSheet.ready', { count: ids.length }) });
      onClose();
    },
  });
  return (
    <ActionDialog
      open={open}
      title={t('contactSheet.title')}
      submitLabel={t('contactSheet.make')}
      busy={make.isPending}
      disabled={ids.length === 0}
      onSubmit={() => make.mutate()}
      onClose={onClose}
      size="sm"
    >
      <Text>{t('contactSheet.intro', { count: ids.length, pages: Math.ceil(ids.length / 20) })}</Text>
      {assetIds.length > CONTACT_SHEET_MAX && (
        <Text color="fg.muted">{t('contactSheet.capped', { max: CONTACT_SHEET_MAX })}</Text>
      )}
      <ErrorAlert error={make.error ?? undefined} />
    </ActionDialog>
  );
}
