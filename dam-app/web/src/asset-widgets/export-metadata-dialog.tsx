import { Text } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { exportMetadata } from '../../../api/contract/metadata-io-endpoints.ts';
import { exportExtension } from '../../../api/metadata-io.ts';
import { api } from '../api/api-client.ts';
import { ApiFailure } from '../api/api-failure.ts';
import { usePreferences } from '../app/preferences.tsx';
import { toaster } from '../app/toaster.tsx';
import { ErrorAlert } from '../components/feedback.tsx';
import { ActionDialog } from '../kit/action-dialog.tsx';
import type { AssetDialogProps } from './asset-dialog-props.ts';
import { DEFAULT_LAYOUT, layoutOf, MetadataLayoutFields } from './metadata-layout-fields.tsx';
import { saveFile } from './save-file.ts';

/** R-METADATA-EXPORT: the form values of the selected assets as a file in the chosen format and encoding. */
export function ExportMetadataDialog({ assetIds, open, onClose }: AssetDialogProps) {
  const { t } = usePreferences();
  const [layout, setLayout] = useState(DEFAULT_LAYOUT);
  const run = useMutation({
    mutationFn: () =>
      api.callForBlob(exportMetadata, {
        body: { source: { kind: 'selection', assetIds: [...assetIds] }, layout: layoutOf(layout) },
      }),
    onSuccess: (file) => {
      saveFile(file, `metadata${exportExtension(layout.format)}`);
      toaster.create({ type: 'success', title: t('metadataIo.exported', { count: assetIds.length }) });
      onClose();
    },
  });
  const fields = run.error instanceof ApiFailure ? run.error.fields : undefined;
  return (
    <ActionDialog
      open={open}
      title={t('metadataIo.exportTitle')}
      submitLabel={t('metadataIo.export')}
      busy={run.isPending}
      disabled={assetIds.length === 0}
      onSubmit={() => run.mutate()}
      onClose={onClose}
      size="sm"
    >
      <Text>{t('metadataIo.exportIntro', { count: assetIds.length })}</Text>
      <MetadataLayoutFields
        value={layout}
        onChange={setLayout}
        errors={{ delimiter: fields?.['layout.delimiter'], escape: fields?.['layout.escape'] }}
      />
      <ErrorAlert error={run.error ?? undefined} />
    </ActionDialog>
  );
}
