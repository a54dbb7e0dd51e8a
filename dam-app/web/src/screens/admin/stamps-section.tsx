import { Button, Heading, HStack, Stack } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { applyStamp, deleteStamp, previewStamp } from '../../../../api/contract/stamps-endpoints.ts';
import type { Stamp } from '../../../../api/stamps.ts';
import { api } from '../../api/api-client.ts';
import { usePreferences } from '../../app/preferences.tsx';
import { toaster } from '../../app/toaster.tsx';
import { StampPreview, StampProblems } from '../../asset-widgets/stamp-preview.tsx';
import { ErrorAlert } from '../../components/feedback.tsx';
import { FormField } from '../../components/form-field.tsx';
import { ListSection } from '../../kit/list-section.tsx';
import { RowButton } from '../../kit/row-button.tsx';
import { useConfirm } from '../../kit/use-confirm.tsx';
import { useEditing } from '../../kit/use-editing.ts';
import { useRefresh } from '../../kit/use-refresh.ts';
import { StampEditor } from './stamp-editor.tsx';
import { STAMP_KEYS, useStamps } from './stamps-queries.ts';

/** The asset ids typed in a list (commas, spaces or lines between them). */
const idsOf = (text: string) => [
  ...new Set(
    text
      .split(/[\s,;]+/)
      .filter(Boolean)
      .map(Number)
      .filter((id) => Number.isInteger(id) && id > 0),
  ),
];

/**
 * The Metadata Stamper (R-STAMP): named stamps of form field values; one is previewed on a list of assets (each field's
 * value before and after) and then applied to all of them at once, or to none when a value fails its form's check.
 */
export function StampsSection() {
  const { t } = usePreferences();
  const refresh = useRefresh();
  const stamps = useStamps();
  const editing = useEditing<Stamp>();
  const [using, setUsing] = useState<Stamp | undefined>();
  const remove = useConfirm({
    run: (stamp: Stamp) => api.call(deleteStamp, { params: { id: stamp.id } }),
    done: () => refresh([STAMP_KEYS.stamps]),
    title: t('app.delete'),
    body: (stamp) => t('stamp.deleteConfirm', { name: stamp.name }),
    confirmLabel: t('app.delete'),
  });
  return (
    <ListSection
      create={{ label: t('stamp.new'), onClick: editing.create }}
      query={stamps}
      empty={t('stamp.empty')}
      rowKey={(stamp) => stamp.id}
      columns={[
        { header: t('field.name'), cell: (stamp) => stamp.name, props: { fontWeight: 'medium' } },
        {
          header: t('stamp.values'),
          cell: (stamp) =>
            stamp.values.map((each) => `${each.key.replace(/^.*[/#]/, '')} = ${each.value}`).join('; '),
        },
      ]}
      actions={(stamp) => (
        <>
          <RowButton
            text={t('stamp.apply')}
            label={t('stamp.applyNamed', { name: stamp.name })}
            onClick={() => setUsing(stamp)}
          />
          <RowButton
            text={t('app.edit')}
            label={t('stamp.edit', { name: stamp.name })}
            onClick={() => editing.edit(stamp)}
          />
          <RowButton
            danger
            text={t('app.delete')}
            label={`${t('app.delete')} ${stamp.name}`}
            onClick={() => remove.ask(stamp)}
          />
        </>
      )}
    >
      {using && <ApplyStamp key={using.id} stamp={using} />}
      {editing.open && <StampEditor key={editing.key} stamp={editing.item} onClose={editing.close} />}
      {remove.dialog}
    </ListSection>
  );
}

/** A stamp's preview on the assets typed, then its application to all of them. */
function ApplyStamp({ stamp }: { stamp: Stamp }) {
  const { t } = usePreferences();
  const [text, setText] = useState('');
  const body = () => ({ assetIds: idsOf(text) });
  const preview = useMutation({
    mutationFn: () => api.call(previewStamp, { params: { id: stamp.id }, body: body() }),
  });
  const apply = useMutation({
    mutationFn: () => api.call(applyStamp, { params: { id: stamp.id }, body: body() }),
    onSuccess: (result) => {
      preview.reset();
      toaster.create({
        type: 'success',
        title: t('stamp.applied', { name: stamp.name, changed: result.changed, assets: result.assets }),
      });
    },
  });
  const failure = apply.error ?? preview.error;
  return (
    <Stack as="section" aria-labelledby="stamp-apply" gap="3" borderTopWidth="1px" pt="4">
      <Heading as="h2" size="md" id="stamp-apply">
        {t('stamp.applyNamed', { name: stamp.name })}
      </Heading>
      <FormField
        name="assetIds"
        label={t('stamp.assets')}
        helper={t('stamp.assetsHint')}
        value={text}
        onValue={(value) => {
          setText(value);
          preview.reset();
        }}
        multiline
        rows={2}
      />
      <HStack>
        <Button
          variant="outline"
          disabled={!idsOf(text).length}
          loading={preview.isPending}
          onClick={() => preview.mutate()}
        >
          {t('stamp.preview')}
        </Button>
        <Button
          colorPalette="teal"
          disabled={!preview.data}
          loading={apply.isPending}
          onClick={() => apply.mutate()}
        >
          {t('stamp.applyTo', { assets: preview.data?.assets ?? 0 })}
        </Button>
      </HStack>
      <ErrorAlert error={failure} />
      <StampProblems failure={failure} />
      {preview.data && <StampPreview result={preview.data} />}
    </Stack>
  );
}
