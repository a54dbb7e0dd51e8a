import { Badge, Button, Checkbox, Code, Field, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import {
  getRuntimeSettings,
  saveRuntimeSettings,
} from '../../../../api/contract/runtime-settings-endpoints.ts';
import {
  RUNTIME_SETTINGS,
  type RuntimeSetting,
  type RuntimeSettingName,
} from '../../../../api/runtime-settings.ts';
import { api } from '../../api/api-client.ts';
import { usePreferences } from '../../app/preferences.tsx';
import { ErrorAlert, ListSkeleton } from '../../components/feedback.tsx';
import { Form } from '../../components/form.tsx';
import { FormField } from '../../components/form-field.tsx';
import { useForm } from '../../components/use-form.ts';
import type { MessageKey } from '../../i18n/messages-en.ts';
import { useSave } from '../../kit/use-save.ts';
import { LeaseNotice, useConfigurationLease } from './use-configuration-lease.tsx';

const KEY = ['admin', 'runtime-settings'] as const;
const labelKey = (name: RuntimeSettingName) => `config.${name}` as MessageKey;

/**
 * R-RUNTIME-SETTINGS: the settings an administrator changes while the DAM runs, each under its environment name.
 * A setting the environment pins is shown, marked, and not editable; a save holds on every server at once.
 */
export function RuntimeSettingsSection() {
  const settings = useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) => api.call(getRuntimeSettings, { signal }),
  });
  if (settings.isPending) return <ListSkeleton rows={6} />;
  if (settings.isError) return <ErrorAlert error={settings.error} />;
  return <SettingsForm key={JSON.stringify(settings.data)} settings={settings.data.settings} />;
}

function SettingsForm({ settings }: { settings: RuntimeSetting[] }) {
  const { t } = usePreferences();
  const loaded = Object.fromEntries(settings.map((each) => [each.name, each.value])) as Record<
    string,
    string
  >;
  const form = useForm(loaded, { guard: true });
  const lease = useConfigurationLease('global');
  const save = useSave({
    form,
    save: (values: Record<string, string | null>) => api.call(saveRuntimeSettings, { body: { values } }),
    refresh: [KEY],
    nameOf: () => t('admin.configuration'),
  });
  const send = (values: Record<string, string | null>) => {
    if (Object.keys(values).length) save.mutate(values);
  };
  const changed = () =>
    Object.fromEntries(
      settings
        .filter((each) => !each.pinned && form.values[each.name] !== each.value)
        .map((each) => [each.name, form.values[each.name] ?? null]),
    );
  return (
    <Form onSend={() => send(changed())} maxWidth="2xl">
      <Stack gap="5">
        <Text color="fg.muted">{t('config.intro')}</Text>
        <LeaseNotice heldBy={lease.heldBy} />
        <ErrorAlert error={form.formError} />
        {settings.map((setting) => (
          <Stack key={setting.name} gap="1">
            <SettingInput setting={setting} form={form} />
            <Text fontSize="sm" color="fg.muted">
              <Code>{setting.name}</Code>{' '}
              {setting.pinned ? (
                <Badge colorPalette="orange">{t('config.pinned')}</Badge>
              ) : setting.stored ? (
                <Button
                  size="xs"
                  variant="outline"
                  aria-label={t('config.useDefaultOf', { name: t(labelKey(setting.name)) })}
                  onClick={() => send({ [setting.name]: null })}
                >
                  {t('config.useDefault')}
                </Button>
              ) : (
                t('config.default')
              )}
            </Text>
          </Stack>
        ))}
        <Button type="submit" colorPalette="teal" alignSelf="start" loading={save.isPending}>
          {t('app.save')}
        </Button>
      </Stack>
    </Form>
  );
}

function SettingInput({
  setting,
  form,
}: {
  setting: RuntimeSetting;
  form: ReturnType<typeof useForm<Record<string, string>>>;
}) {
  const { t } = usePreferences();
  const { name, pinned } = setting;
  const label = t(labelKey(name));
  const value = form.values[name] ?? '';
  const definition = RUNTIME_SETTINGS[name];
  if (definition.kind === 'flag')
    return (
      <Checkbox.Root
        checked={value === 'true'}
        disabled={pinned}
        onCheckedChange={(details) => form.set(name, details.checked === true ? 'true' : 'false')}
      >
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>{label}</Checkbox.Label>
      </Checkbox.Root>
    );
  if (definition.kind === 'choice')
    return (
      <Field.Root invalid={form.errors[name] !== undefined} disabled={pinned}>
        <Field.Label>{label}</Field.Label>
        <NativeSelect.Root disabled={pinned}>
          <NativeSelect.Field name={name} value={value} onChange={(e) => form.set(name, e.target.value)}>
            {definition.choices.map((choice) => (
              <option key={choice} value={choice}>
                {t(`config.choice.${choice}` as MessageKey)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        {form.errors[name] && <Field.ErrorText>{form.errors[name]}</Field.ErrorText>}
      </Field.Root>
    );
  // R-RUNTIME-SMTP: a secret is never shown; typing one replaces the stored one, empty keeps it.
  if (definition.kind === 'secret')
    return (
      <FormField
        {...form.field(name)}
        label={label}
        type="password"
        autoComplete="new-password"
        disabled={pinned}
        maxWidth="md"
        helper={setting.stored || setting.pinned ? t('config.secretStored') : t('config.secretNone')}
      />
    );
  if (definition.kind === 'text')
    return <FormField {...form.field(name)} label={label} disabled={pinned} maxWidth="md" />;
  return (
    <FormField
      {...form.field(name)}
      label={label}
      type="number"
      inputMode="numeric"
      min={0}
      disabled={pinned}
      maxWidth="xs"
    />
  );
}
