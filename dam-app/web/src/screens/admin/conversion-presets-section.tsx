import { Field, NativeSelect, SimpleGrid } from '@chakra-ui/react';
import type { z } from 'zod';
import { createPreset, deletePreset, updatePreset } from '../../../../api/contract/conversions-endpoints.ts';
import {
  PRESET_FORMATS,
  type Preset,
  type PresetFormat,
  type PresetKind,
  presetColorspaces,
  presetKinds,
  presetPlatforms,
  presetProfiles,
  presetRotations,
  savePresetSchema,
} from '../../../../api/conversions.ts';
import { api } from '../../api/api-client.ts';
import { usePreferences } from '../../app/preferences.tsx';
import { PRESET_KEYS, usePresets } from '../../asset-widgets/conversion-presets.ts';
import { ErrorAlert } from '../../components/feedback.tsx';
import { FormField } from '../../components/form-field.tsx';
import { useForm } from '../../components/use-form.ts';
import type { MessageKey } from '../../i18n/messages-en.ts';
import { EditorDrawer } from '../../kit/editor-drawer.tsx';
import { ListSection } from '../../kit/list-section.tsx';
import { RowButton } from '../../kit/row-button.tsx';
import { useConfirm } from '../../kit/use-confirm.tsx';
import { useEditing } from '../../kit/use-editing.ts';
import { useRefresh } from '../../kit/use-refresh.ts';
import { useSave } from '../../kit/use-save.ts';

const CHANGED = [PRESET_KEYS.presets];
type SavePresetBody = z.input<typeof savePresetSchema>;

/** What a preset does, in one line: format, box or scale, trim, colour. */
function summary(preset: Preset): string {
  const parts: string[] = [preset.format.toUpperCase()];
  if (preset.scale !== null) parts.push(`${preset.scale} %`);
  else if (preset.width !== null || preset.height !== null)
    parts.push(`${preset.width ?? '…'} × ${preset.height ?? '…'} px`);
  if (preset.rotate) parts.push(`${preset.rotate}°`);
  if (preset.startSeconds !== null || preset.durationSeconds !== null)
    parts.push(
      `${preset.startSeconds ?? 0}–${preset.durationSeconds === null ? '…' : (preset.startSeconds ?? 0) + preset.durationSeconds} s`,
    );
  if (preset.colorspace) parts.push(preset.colorspace.toUpperCase());
  if (preset.destinationProfile) parts.push(`ICC ${preset.destinationProfile}`);
  return parts.join(' · ');
}

/** Conversion types and presets (R-CONVERSION-PRESET): what each converts, to what, for which platform. */
export function ConversionPresetsSection() {
  const { t } = usePreferences();
  const refresh = useRefresh();
  const presets = usePresets();
  const editing = useEditing<Preset>();
  const remove = useConfirm({
    run: (preset: Preset) => api.call(deletePreset, { params: { id: preset.id } }),
    done: () => refresh(CHANGED),
    title: t('app.delete'),
    body: (preset) => t('admin.presetDeleteConfirm', { name: preset.name }),
    confirmLabel: t('app.delete'),
  });
  return (
    <ListSection
      create={{ label: t('admin.newPreset'), onClick: editing.create }}
      query={presets}
      empty={t('admin.presetsEmpty')}
      rowKey={(preset) => preset.id}
      columns={[
        { header: t('field.name'), cell: (preset) => preset.name, props: { fontWeight: 'medium' } },
        { header: t('preset.kind'), cell: (preset) => t(`preset.kind.${preset.kind}`) },
        { header: t('preset.format'), cell: summary },
        { header: t('preset.platform'), cell: (preset) => t(`preset.platform.${preset.platform}`) },
        { header: t('field.description'), cell: (preset) => preset.description },
      ]}
      actions={(preset) => (
        <>
          <RowButton
            text={t('app.edit')}
            label={t('admin.editPreset', { name: preset.name })}
            onClick={() => editing.edit(preset)}
          />
          <RowButton
            danger
            text={t('app.delete')}
            label={`${t('app.delete')} ${preset.name}`}
            onClick={() => remove.ask(preset)}
          />
        </>
      )}
    >
      {editing.open && <PresetEditor key={editing.key} preset={editing.item} onClose={editing.close} />}
      {remove.dialog}
    </ListSection>
  );
}

const text = (value: number | null | undefined) =>
  value === null || value === undefined ? '' : String(value);
const numberOrNull = (value: string) => (value.trim() === '' ? null : Number(value));

function formOf(preset: Preset | undefined) {
  return {
    name: preset?.name ?? '',
    description: preset?.description ?? '',
    kind: preset?.kind ?? ('image' as PresetKind),
    platform: preset?.platform ?? ('any' as string),
    format: preset?.format ?? ('jpeg' as string),
    width: text(preset?.width),
    height: text(preset?.height),
    scale: text(preset?.scale),
    rotate: String(preset?.rotate ?? 0),
    startSeconds: text(preset?.startSeconds),
    durationSeconds: text(preset?.durationSeconds),
    colorspace: preset?.colorspace ?? '',
    destinationProfile: preset?.destinationProfile ?? '',
    quality: String(preset?.quality ?? 85),
  };
}
type PresetForm = ReturnType<typeof formOf>;

/** The form's text back to the API's shape: empty numbers are "not set", empty choices none. */
const bodyOf = (values: PresetForm): SavePresetBody => ({
  name: values.name,
  description: values.description,
  kind: values.kind,
  platform: values.platform as Preset['platform'],
  format: values.format as PresetFormat,
  width: numberOrNull(values.width),
  height: numberOrNull(values.height),
  scale: numberOrNull(values.scale),
  rotate: Number(values.rotate) as Preset['rotate'] as SavePresetBody['rotate'],
  startSeconds: numberOrNull(values.startSeconds),
  durationSeconds: numberOrNull(values.durationSeconds),
  colorspace: (values.colorspace || null) as Preset['colorspace'],
  destinationProfile: (values.destinationProfile || null) as Preset['destinationProfile'],
  quality: Number(values.quality),
});

function Choice(props: {
  label: string;
  name: string;
  value: string;
  options: readonly { value: string; label: string }[];
  error?: string | undefined;
  onValue(value: string): void;
}) {
  return (
    <Field.Root invalid={props.error !== undefined}>
      <Field.Label>{props.label}</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field
          name={props.name}
          value={props.value}
          onChange={(e) => props.onValue(e.target.value)}
        >
          {props.options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      {props.error && <Field.ErrorText>{props.error}</Field.ErrorText>}
    </Field.Root>
  );
}

function PresetEditor({ preset, onClose }: { preset?: Preset | undefined; onClose(): void }) {
  const { t } = usePreferences();
  const form = useForm(formOf(preset), { guard: true });
  const { values, errors } = form;
  const save = useSave({
    form,
    save: (body: SavePresetBody) =>
      preset ? api.call(updatePreset, { params: { id: preset.id }, body }) : api.call(createPreset, { body }),
    refresh: CHANGED,
    nameOf: (saved) => saved.name,
    onSaved: onClose,
  });
  const submit = () => {
    const body = bodyOf(values);
    if (form.check(savePresetSchema, body)) save.mutate(body);
  };
  const isImage = values.kind === 'image';
  const choice = (key: keyof PresetForm, label: MessageKey, options: { value: string; label: string }[]) => (
    <Choice
      label={t(label)}
      name={key}
      value={values[key]}
      options={options}
      error={errors[key]}
      onValue={(value) => form.set(key, value as never)}
    />
  );
  const none = { value: '', label: t('preset.none') };
  return (
    <EditorDrawer
      open
      title={preset ? t('admin.editPreset', { name: preset.name }) : t('admin.newPreset')}
      busy={save.isPending}
      submitLabel={preset ? t('app.save') : t('app.create')}
      onSubmit={submit}
      onClose={onClose}
    >
      <ErrorAlert error={form.formError} />
      <FormField {...form.field('name')} label={t('field.name')} required />
      <FormField {...form.field('description')} label={t('field.description')} />
      <SimpleGrid columns={2} gap="3">
        <Choice
          label={t('preset.kind')}
          name="kind"
          value={values.kind}
          options={presetKinds.map((kind) => ({ value: kind, label: t(`preset.kind.${kind}`) }))}
          error={errors.kind}
          onValue={(kind) => {
            form.set('kind', kind as PresetKind);
            form.set('format', PRESET_FORMATS[kind as PresetKind][0]);
          }}
        />
        {choice(
          'format',
          'preset.format',
          PRESET_FORMATS[values.kind].map((format) => ({ value: format, label: format.toUpperCase() })),
        )}
        {choice(
          'platform',
          'preset.platform',
          presetPlatforms.map((platform) => ({ value: platform, label: t(`preset.platform.${platform}`) })),
        )}
        {choice(
          'rotate',
          'preset.rotate',
          presetRotations.map((angle) => ({ value: String(angle), label: `${angle}°` })),
        )}
        <FormField {...form.field('width')} label={t('preset.width')} inputMode="numeric" />
        <FormField {...form.field('height')} label={t('preset.height')} inputMode="numeric" />
        {isImage ? (
          <>
            <FormField {...form.field('scale')} label={t('preset.scale')} inputMode="decimal" />
            {choice('colorspace', 'preset.colorspace', [
              none,
              ...presetColorspaces.map((space) => ({ value: space, label: space.toUpperCase() })),
            ])}
            {choice('destinationProfile', 'preset.profile', [
              none,
              ...presetProfiles.map((profile) => ({ value: profile, label: profile.toUpperCase() })),
            ])}
          </>
        ) : (
          <>
            <FormField {...form.field('startSeconds')} label={t('preset.start')} inputMode="decimal" />
            <FormField {...form.field('durationSeconds')} label={t('preset.duration')} inputMode="decimal" />
          </>
        )}
      </SimpleGrid>
      <FormField {...form.field('quality')} label={t('preset.quality')} inputMode="numeric" />
    </EditorDrawer>
  );
}
