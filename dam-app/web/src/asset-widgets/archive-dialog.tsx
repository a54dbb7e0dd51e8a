import { Box, HStack, Text } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ARCHIVE_MAX_ASSETS } from '../../../api/archive.ts';
import { archiveSelection, restoreSelection } from '../../../api/contract/archive-endpoints.ts';
import { api } from '../api/api-client.ts';
import { usePreferences } from '../app/preferences.tsx';
import { toaster } from '../app/toaster.tsx';
import { ErrorAlert } from '../components/feedback.tsx';
import { FormField } from '../components/form-field.tsx';
import { specText } from '../i18n/translate.ts';
import { ActionDialog } from '../kit/action-dialog.tsx';
import { refreshAssets } from '../screens/assets/asset-queries.ts';
import type { AssetDialogProps } from './asset-dialog-props.ts';

/** A date field's day (local midnight) as the API's instant; empty stays unset. */
const dayInstant = (day: string) => (day ? new Date(`${day}T00:00`).toISOString() : undefined);
/** Today as a date field writes it (local time). */
const today = () => {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
};

function TooMany({ count }: { count: number }) {
  const { t } = usePreferences();
  return count > ARCHIVE_MAX_ASSETS ? (
    <Text color="fg.error" role="alert">
      {t('archiveSelection.tooMany', { count, max: ARCHIVE_MAX_ASSETS })}
    </Text>
  ) : null;
}

/**
 * Archive… on the library's selection (R-ARCHIVE-SELECTION): an archive date (today when left empty) and a retention
 * date that cannot come before it (R-ARCHIVE's text, checked here and by the server), then the originals of all the
 * selected assets go to the archive tier, or none does.
 */
export function ArchiveDialog({ assetIds, open, onClose }: AssetDialogProps) {
  const { t, language } = usePreferences();
  const client = useQueryClient();
  const [archiveAt, setArchiveAt] = useState('');
  const [retention, setRetention] = useState('');
  const tooEarly = retention !== '' && retention < (archiveAt || today());
  const send = useMutation({
    mutationFn: () =>
      api.call(archiveSelection, {
        body: {
          assetIds: [...assetIds],
          archiveAt: dayInstant(archiveAt),
          retentionUntil: dayInstant(retention),
        },
      }),
    onSuccess: ({ count }) => {
      toaster.create({ type: 'success', title: t('archive.scheduledToast', { count }) });
      refreshAssets(client, assetIds);
      onClose();
    },
  });
  return (
    <ActionDialog
      open={open}
      title={t('archiveSelection.title')}
      submitLabel={t('archiveSelection.submit', { count: assetIds.length })}
      busy={send.isPending}
      disabled={tooEarly || assetIds.length > ARCHIVE_MAX_ASSETS}
      onSubmit={() => send.mutate()}
      onClose={onClose}
    >
      <Text>{t('archiveSelection.intro', { count: assetIds.length })}</Text>
      <TooMany count={assetIds.length} />
      <HStack gap="4" align="flex-start" wrap="wrap">
        <Box flex="1" minWidth="40">
          <FormField
            type="date"
            name="archiveAt"
            label={t('archive.archiveAt')}
            helper={t('archiveSelection.archiveAtHint')}
            value={archiveAt}
            onValue={setArchiveAt}
          />
        </Box>
        <Box flex="1" minWidth="40">
          <FormField
            type="date"
            name="retentionUntil"
            label={t('archive.retentionUntil')}
            helper={t('archiveSelection.retentionHint')}
            error={tooEarly ? specText('retentionBeforeArchive', language) : undefined}
            value={retention}
            onValue={setRetention}
          />
        </Box>
      </HStack>
      <ErrorAlert error={send.error ?? undefined} />
    </ActionDialog>
  );
}

/** Restore on the library's selection: the originals of the selected archive proxies come back, all or none. */
export function RestoreArchiveDialog({ assetIds, open, onClose }: AssetDialogProps) {
  const { t } = usePreferences();
  const client = useQueryClient();
  const send = useMutation({
    mutationFn: () => api.call(restoreSelection, { body: { assetIds: [...assetIds] } }),
    onSuccess: ({ count }) => {
      toaster.create({ type: 'success', title: t('archiveSelection.restoring', { count }) });
      refreshAssets(client, assetIds);
      onClose();
    },
  });
  return (
    <ActionDialog
      open={open}
      title={t('archiveSelection.restoreTitle')}
      submitLabel={t('archiveSelection.restoreSubmit', { count: assetIds.length })}
      busy={send.isPending}
      disabled={assetIds.length > ARCHIVE_MAX_ASSETS}
      onSubmit={() => send.mutate()}
      onClose={onClose}
    >
      <Text>{t('archiveSelection.restoreIntro', { count: assetIds.length })}</Text>
      <TooMany count={assetIds.length} />
      <ErrorAlert error={send.error ?? undefined} />
    </ActionDialog>
  );
}
