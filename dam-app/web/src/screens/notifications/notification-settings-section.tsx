import { Stack, Text } from '@chakra-ui/react';
import {
  MAIL_MODES,
  type MailMode,
  NOTIFICATION_TYPES,
  type NotificationSettings,
} from '../../../../api/notifications.ts';
import { usePreferences } from '../../app/preferences.tsx';
import { toaster, useFailureToast } from '../../app/toaster.tsx';
import { ErrorAlert } from '../../components/feedback.tsx';
import { SelectField } from '../../components/select-field.tsx';
import { useNotificationSettings, useSaveNotificationSettings } from './notification-queries.ts';

/**
 * The account area's part for notifications (R-NOTIFY-MAIL-TYPES): a default — none by mail, each at once, or a
 * daily digest — and each type's own choice. Every save carries the app's language, the one mails are written in.
 */
export function NotificationSettingsSection() {
  const { t, language } = usePreferences();
  const settings = useNotificationSettings();
  const save = useSaveNotificationSettings();
  const failed = useFailureToast();
  const choices = MAIL_MODES.map((mode) => ({ value: mode, label: t(`notifications.mail.${mode}`) }));
  const send = (body: NotificationSettings) =>
    save.mutate(
      { ...body, language },
      { onSuccess: () => toaster.create({ type: 'success', title: t('app.saved') }), onError: failed },
    );
  return (
    <Stack gap="2" as="section" aria-labelledby="notification-settings" maxWidth="md">
      <Text as="h2" id="notification-settings" fontWeight="semibold" fontSize="lg">
        {t('notifications.settings')}
      </Text>
      {settings.isError && <ErrorAlert error={settings.error} />}
      {settings.data && (
        <>
          <SelectField
            label={t('notifications.mail')}
            name="notification-mail"
            value={settings.data.mail}
            choices={choices}
            disabled={save.isPending}
            onValue={(mail) => send({ mail: mail as MailMode })}
          />
          <Stack gap="2" as="fieldset">
            <Text as="legend" fontWeight="semibold">
              {t('notifications.mail.byType')}
            </Text>
            {NOTIFICATION_TYPES.map((type) => (
              <SelectField
                key={type}
                label={t(`notifications.type.${type}`)}
                name={`notification-mail-${type}`}
                value={settings.data.types?.[type] ?? settings.data.mail}
                choices={choices}
                disabled={save.isPending}
                onValue={(mode) => send({ mail: settings.data.mail, types: { [type]: mode as MailMode } })}
              />
            ))}
          </Stack>
        </>
      )}
    </Stack>
  );
}
