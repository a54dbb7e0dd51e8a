import { Button, Checkbox, Code, Stack, Text } from '@chakra-ui/react';
import type { z } from 'zod';
import { savePlatformSettings } from '../../../../api/contract/platform-settings-endpoints.ts';
import {
  loadingDockFolderName,
  PLATFORM_SETTING_NAMES,
  type PlatformSettings,
  savePlatformSettingsSchema,
} from '../../../../api/platform-settings.ts';
import { api } from '../../api/api-client.ts';
import { PLATFORM_SETTINGS_KEY, usePlatformSettingsQuery } from '../../api/platform-settings.ts';
import { usePreferences } from '../../app/preferences.tsx';
import { ErrorAlert, ListSkeleton } from '../../components/feedback.tsx';
import { Form } from '../../components/form.tsx';
import { FormField } from '../../components/form-field.tsx';
import { useForm } from '../../components/use-form.ts';
import { useSave } from '../../kit/use-save.ts';
import { LeaseNotice, useConfigurationLease } from './use-configuration-lease.tsx';

/**
 * R-PLATFORM-SETTINGS: the platform settings the transfer flows read, under the names the product gives them. The
 * current-ACL relative path permission is set per ACL, in the ACLs section.
 */
export function PlatformSettingsSection() {
  const settings = usePlatformSettingsQuery();
  if (settings.isPending) return <ListSkeleton rows={3} />;
  if (settings.isError) return <ErrorAlert error={settings.error} />;
  return <SettingsForm settings={settings.data} />;
}

function SettingsForm({ settings }: { settings: PlatformSettings }) {
  const { t } = usePreferences();
  const form = useForm({ ...settings }, { guard: true });
  const lease = useConfigurationLease('global');
  const save = useSave({
    form,
    save: (body: z.input<typeof savePlatformSettingsSchema>) => api.call(savePlatformSettings, { body }),
    refresh: [PLATFORM_SETTINGS_KEY],
    nameOf: () => t('admin.platform'),
  });
  const submit = () => {
    if (form.check(savePlatformSettingsSchema, form.values)) save.mutate(form.values);
  };
  return (
    <Form onSend={submit} maxWidth="xl">
      <Stack gap="5">
        <LeaseNotice heldBy={lease.heldBy} />
        <ErrorAlert error={form.formError} />
        <Stack gap="1">
          <Checkbox.Root
            checked={form.values.prefixWorkFolders}
            onCheckedChange={(details) => form.set('prefixWorkFolders', details.checked === true)}
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>{t('admin.prefixWorkFolders')}</Checkbox.Label>
          </Checkbox.Root>
          <Text fontSize="sm" color="fg.muted">
            <Code>{PLATFORM_SETTING_NAMES.prefixWorkFolders}</Code>{' '}
            {t('admin.prefixWorkFoldersHint', { folder: loadingDockFolderName(form.values) })}
          </Text>
        </Stack>
        <FormField
          {...form.field('asperaSeamless')}
          label={`${t('admin.asperaSeamless')} (${PLATFORM_SETTING_NAMES.asperaSeamless})`}
          helper={t('admin.asperaSeamlessHint')}
          fontFamily="mono"
        />
        <FormField
          {...form.field('workspaceId')}
          label={`${t('admin.workspaceId')} (${PLATFORM_SETTING_NAMES.workspaceId})`}
          helper={t('admin.workspaceIdHint')}
          fontFamily="mono"
          required
        />
        <Button type="submit" colorPalette="teal" alignSelf="start" loading={save.isPending}>
          {t('app.save')}
        </Button>
      </Stack>
    </Form>
  );
}
