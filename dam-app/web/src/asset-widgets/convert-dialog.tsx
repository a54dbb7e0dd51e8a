import { Field, Fieldset, HStack, NativeSelect, RadioGroup, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQueries, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { getAsset } from '../../../api/contract/assets-endpoints.ts';
import { prepareDownload } from '../../../api/contract/loading-dock-endpoints.ts';
import type { Preset } from '../../../api/conversions.ts';
import { api } from '../api/api-client.ts';
import { ASSET_KEYS } from '../api/query-keys.ts';
import { usePreferences } from '../app/preferences.tsx';
import { toaster } from '../app/toaster.tsx';
import { navigate } from '../app/use-route.ts';
import { ErrorAlert, ListSkeleton } from '../components/feedback.tsx';
import { ActionDialog } from '../kit/action-dialog.tsx';
import type { AssetDialogProps } from './asset-dialog-props.ts';
import { presetsFor, usePresets } from './conversion-presets.ts';

/** "A preset for each asset" lists every asset: offered for selections up to this size. */
export const CONVERT_EACH_MAX = 50;

type Mode = 'all' | 'each';

function PresetSelect(props: {
  label: string;
  name: string;
  presets: readonly Preset[];
  value: string;
  skip?: string;
  onValue(value: string): void;
}) {
  return (
    <Field.Root>
      <Field.Label>{props.label}</Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field
          name={props.name}
          value={props.value}
          onChange={(e) => props.onValue(e.target.value)}
        >
          {props.skip !== undefined && <option value="">{props.skip}</option>}
          {props.presets.map((preset) => (
            <option key={preset.id} value={String(preset.id)}>
              {preset.name}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

/**
 * Convert… (R-CONVERSION-STATES): one preset for every selected asset, or one each, and the results go to the
 * Loading Dock, which shows them converting, then ready for download. A file that cannot be converted is named
 * with its reason; the others are still delivered (R-CONVERSION-FAILURE).
 */
export function ConvertDialog({ assetIds, open, onClose }: AssetDialogProps) {
  const { t } = usePreferences();
  const client = useQueryClient();
  const presets = usePresets();
  const [mode, setMode] = useState<Mode>('all');
  const [forAll, setForAll] = useState<string | undefined>();
  const [each, setEach] = useState<Record<number, string>>({});
  const [problem, setProblem] = useState<unknown>();
  const canPickEach = assetIds.length <= CONVERT_EACH_MAX;
  const assets = useQueries({
    queries: (mode === 'each' ? assetIds : []).map((id) => ({
      queryKey: ASSET_KEYS.asset(id),
      queryFn: ({ signal }: { signal: AbortSignal }) => api.call(getAsset, { params: { id }, signal }),
    })),
  });
  const list = presets.data ?? [];
  const allChoice = forAll ?? (list[0] ? String(list[0].id) : '');
  const eachChoice = (id: number, kind: string) => each[id] ?? String(presetsFor(list, kind)[0]?.id ?? '');
  const items =
    mode === 'all'
      ? allChoice
        ? assetIds.map((assetId) => ({ assetId, presetId: Number(allChoice) }))
        : []
      : assets.flatMap((query) => {
          const asset = query.data;
          const chosen = asset ? eachChoice(asset.id, asset.kind) : '';
          return asset && chosen ? [{ assetId: asset.id, presetId: Number(chosen) }] : [];
        });
  const send = useMutation({
    // R-DOCK-PLACE: the dock answers at once; its placement job converts, and the Loading Dock shows each file
    // converting, then ready for download (or failed, with its message).
    mutationFn: () => api.call(prepareDownload, { body: { items } }),
    onSuccess: (dock) => {
      void client.invalidateQueries({ queryKey: ASSET_KEYS.loadingDock });
      toaster.create({ type: 'success', title: t('convert.sent', { count: dock.items.length }) });
      onClose();
      navigate({ name: 'loading-dock' });
    },
    onError: setProblem,
  });
  const submit = () => {
    if (items.length === 0) setProblem(t('convert.nothingPicked'));
    else {
      setProblem(undefined);
      send.mutate();
    }
  };
  const loadingAssets = assets.some((query) => query.isPending);
  return (
    <ActionDialog
      open={open}
      title={t('convert.title')}
      submitLabel={t('convert.send')}
      busy={send.isPending}
      disabled={presets.isPending || list.length === 0 || loadingAssets}
      onSubmit={submit}
      onClose={onClose}
    >
      <Text>{t('convert.intro', { count: assetIds.length })}</Text>
      <ErrorAlert
        error={problem ?? presets.error ?? assets.find((query) => query.error)?.error ?? undefined}
      />
      {presets.isPending && <ListSkeleton rows={2} />}
      {presets.isSuccess && list.length === 0 && <Text color="fg.muted">{t('convert.noPresets')}</Text>}
      {list.length > 0 && (
        <>
          <Fieldset.Root>
            <Fieldset.Legend fontWeight="semibold" fontSize="sm">
              {t('convert.mode')}
            </Fieldset.Legend>
            <RadioGroup.Root
              value={mode}
              onValueChange={(details) => setMode(details.value as Mode)}
              size="sm"
            >
              <HStack gap="5">
                {(['all', 'each'] as const).map((value) => (
                  <RadioGroup.Item key={value} value={value} disabled={value === 'each' && !canPickEach}>
                    <RadioGroup.ItemHiddenInput />
                    <RadioGroup.ItemIndicator />
                    <RadioGroup.ItemText>
                      {t(value === 'all' ? 'convert.oneForAll' : 'convert.eachOwn')}
                    </RadioGroup.ItemText>
                  </RadioGroup.Item>
                ))}
              </HStack>
            </RadioGroup.Root>
            {!canPickEach && (
              <Text fontSize="sm" color="fg.muted">
                {t('convert.tooMany', { max: CONVERT_EACH_MAX })}
              </Text>
            )}
          </Fieldset.Root>
          {mode === 'all' ? (
            <PresetSelect
              label={t('convert.preset')}
              name="preset"
              presets={list}
              value={allChoice}
              onValue={setForAll}
            />
          ) : (
            <Stack gap="3">
              {loadingAssets && <ListSkeleton rows={Math.min(assetIds.length, 5)} />}
              {assets.map((query) =>
                query.data ? (
                  <PresetSelect
                    key={query.data.id}
                    label={t('convert.presetFor', { name: query.data.fileName })}
                    name={`preset-${query.data.id}`}
                    presets={presetsFor(list, query.data.kind)}
                    value={eachChoice(query.data.id, query.data.kind)}
                    skip={t('convert.skip')}
                    onValue={(value) => setEach((current) => ({ ...current, [query.data.id]: value }))}
                  />
                ) : null,
              )}
            </Stack>
          )}
        </>
      )}
    </ActionDialog>
  );
}
