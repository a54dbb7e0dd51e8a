import { Text } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { exportMetadata } from '../../../api/contract/metadata-io-endpoints.ts';
import { type ExportRequest, exportExtension } from '../../../api/metadata-io.ts';
import { api } from '../api/api-client.ts';
import { ApiFailure } from '../api/api-failure.ts';
import { usePreferences } from '../app/preferences.tsx';
import { toaster } from '../app/toaster.tsx';
import { ErrorAlert } from '../components/feedback.tsx';
import { ActionDialog } from '../kit/action-dialog.tsx';
import type { AssetDialogProps } from './asset-dialog-props.ts';
import { DEFAULT_LAYOUT, layoutOf, MetadataLayoutFields } from './metadata-layout-fields.tsx';
import { saveFile } from './save-file.ts';

type ExportSource = ExportRequest['source'];

/** R-METADATA-EXPORT: the form values of the selected assets as a file in the chosen format and encoding. */
export function ExportMetadataDialog({ assetIds, open, onClose }: AssetDialogProps) {
  const { t } = usePreferences();
  return (
    <ExportSourceDialog
      source={{ kind: 'selection', assetIds: [...assetIds] }}
      intro={t('metadataIo.exportIntro', { count: assetIds.length })}
      done={t('metadataIo.exported', { count: assetIds.length })}
      open={open}
      onClose={onClose}
    />
  );
}

/**
 * R-METADATA-EXPORT of a whole folder (with its subfolders) or of what a search finds: the server reads the assets
 * (those the person may see, up to the export's maximum), so the web names the source, not the assets.
 */
export function ExportSourceDialog(props: {
  source: ExportSource;
  intro: string;
  done?: string;
  open: boolean;
  onClose(): void;
}) {
  const { t } = usePreferences();
  const { source, open, onClose } = props;
  const [layout, setLayout] = useState(DEFAULT_LAYOUT);
  const run = useMutation({
    mutationFn: () => api.callForBlob(exportMetadata, { body: { source, layout: layoutOf(layout) } }),
    onSuccess: (file) => {
      saveFile(file, `metadata${exportExtension(layout.format)}`);
      toaster.create({ type: 'success', title: props.done ?? t('metadataIo.exportedSource') });
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
      disabled={source.kind === 'selection' && source.assetIds.length === 0}
      onSubmit={() => run.mutate()}
      onClose={onClose}
      size="sm"
    >
      <Text>{props.intro}</Text>
      <MetadataLayoutFields
        value={layout}
        onChange={setLayout}
        errors={{ delimiter: fields?.['layout.delimiter'], escape: fields?.['layout.escape'] }}
      />
      <ErrorAlert error={run.error ?? undefined} />
    </ActionDialog>
  );
}
