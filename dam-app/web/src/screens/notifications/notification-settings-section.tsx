import { Stack, Text } from '@chakra-ui/react';
import { MAIL_MODES } from '../../../../api/notifications.ts';
import { usePreferences } from '../../app/preferences.tsx';
import { toaster, useFailureToast } from '../../app/toaster.tsx';
import { ErrorAlert } from '../../components/feedback.tsx';
import { SelectField } from '../../components/select-field.tsx';
import { useNotificationSettings, useSaveNotificationSettings } from './notification-queries.ts';

/** The account area's part for notifications: none by mail, each at once, or a daily digest. */
export function NotificationSettingsSection() {
  const { t } = usePreferences();
  const settings = useNotificationSettings();
  const save = useSaveNotificationSettings();
  const failed = useFailureToast();
  return (
    <Stack gap="2" as="section" aria-labelledby="notification-settings" maxWidth="md">
      <Text as="h2" id="notification-settings" fontWeight="semibold" fontSize="lg">
        {t('notifications.settings')}
      </Text>
      {settings.isError && <ErrorAlert error={settings.error} />}
      {settings.data && (
        <SelectField
          label={t('notifications.mail')}
          name="notification-mail"
          value={settings.data.mail}
          choices={MAIL_MODES.map((mode) => ({ value: mode, label: t(`notifications.mail.${mode}`) }))}
          disabled={save.isPending}
          onValue={(mail) =>
            save.mutate(
              { mail: mail as (typeof MAIL_MODES)[number] },
              {
                onSuccess: () => toaster.create({ type: 'success', title: t('app.saved') }),
                onError: failed,
              },
            )
          }
        />
      )}
    </Stack>
  );
}
