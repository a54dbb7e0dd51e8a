import { Button, HStack, Text } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  applyStamp,
  listStamps,
  previewStamp,
  undoStampRun,
} from '../../../api/contract/stamps-endpoints.ts';
import { STAMP_MAX_ASSETS } from '../../../api/stamps.ts';
import { api } from '../api/api-client.ts';
import { usePreferences } from '../app/preferences.tsx';
import { toaster } from '../app/toaster.tsx';
import { ErrorAlert } from '../components/feedback.tsx';
import { SelectField } from '../components/select-field.tsx';
import { ActionDialog } from '../kit/action-dialog.tsx';
import { refreshAssets } from '../screens/assets/asset-queries.ts';
import type { AssetDialogProps } from './asset-dialog-props.ts';
import { StampPreview, StampProblems } from './stamp-preview.tsx';

/**
 * The Metadata Stamper on the library's selection (R-STAMP): pick a stamp, see what it changes on the selected assets
 * (Preview), then apply it to all of them at once — or to none, with each refused field's reason. Once applied, the
 * run can be undone from here (R-STAMP-UNDO): the assets changed since are left as they are, and counted.
 */
export function StampDialog({ assetIds, open, onClose }: AssetDialogProps) {
  const { t } = usePreferences();
  const client = useQueryClient();
  const stamps = useQuery({
    queryKey: ['stamps'],
    queryFn: ({ signal }) => api.call(listStamps, { signal }),
  });
  const [chosen, setChosen] = useState('');
  const ids = assetIds.slice(0, STAMP_MAX_ASSETS);
  const stamp = stamps.data?.find((each) => String(each.id) === chosen);
  const preview = useMutation({
    mutationFn: (id: number) => api.call(previewStamp, { params: { id }, body: { assetIds: [...ids] } }),
  });
  const apply = useMutation({
    mutationFn: (id: number) => api.call(applyStamp, { params: { id }, body: { assetIds: [...ids] } }),
    onSuccess: (result) => {
      toaster.create({
        type: 'success',
        title: t('stamp.applied', {
          name: stamp?.name ?? '',
          changed: result.changed,
          assets: result.assets,
        }),
      });
      refreshAssets(client, ids);
      if (result.runId === undefined) onClose();
    },
  });
  const undo = useMutation({
    mutationFn: (runId: number) => api.call(undoStampRun, { params: { id: runId } }),
    onSuccess: (result) => {
      toaster.create({
        type: result.changedSince.length ? 'warning' : 'success',
        title: t('stamp.undone', { restored: result.restored, kept: result.changedSince.length }),
      });
      refreshAssets(client, ids);
      onClose();
    },
  });
  const runId = apply.data?.runId;
  const failure = undo.error ?? apply.error ?? preview.error;
  return (
    <ActionDialog
      open={open}
      title={t('stamp.selectionTitle')}
      submitLabel={preview.data ? t('stamp.applyTo', { assets: preview.data.assets }) : t('stamp.preview')}
      busy={preview.isPending || apply.isPending}
      disabled={!stamp || runId !== undefined}
      onSubmit={() => {
        if (!stamp) return;
        if (preview.data) apply.mutate(stamp.id);
        else preview.mutate(stamp.id);
      }}
      onClose={onClose}
      size="lg"
    >
      <SelectField
        label={t('stamp.choose')}
        name="stamp"
        value={chosen}
        none={t('stamp.chooseNone')}
        onValue={(value) => {
          preview.reset();
          apply.reset();
          setChosen(value);
        }}
        choices={(stamps.data ?? []).map((each) => ({ value: each.id, label: each.name }))}
      />
      {stamps.data?.length === 0 && <Text color="fg.muted">{t('stamp.empty')}</Text>}
      <ErrorAlert error={failure ?? stamps.error ?? undefined} />
      <StampProblems failure={failure} />
      {runId !== undefined && (
        <HStack role="status" justify="space-between">
          <Text>
            {t('stamp.applied', {
              name: stamp?.name ?? '',
              changed: apply.data?.changed ?? 0,
              assets: apply.data?.assets ?? 0,
            })}
          </Text>
          <Button size="sm" variant="outline" loading={undo.isPending} onClick={() => undo.mutate(runId)}>
            {t('stamp.undo')}
          </Button>
        </HStack>
      )}
      {preview.data && runId === undefined && <StampPreview result={preview.data} />}
    </ActionDialog>
  );
}
