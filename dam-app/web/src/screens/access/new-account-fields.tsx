import { SimpleGrid } from '@chakra-ui/react';
import type { Profile } from '../../../../api/accounts.ts';
import { usePreferences } from '../../app/preferences.tsx';
import { ErrorAlert } from '../../components/feedback.tsx';
import { FormField } from '../../components/form-field.tsx';
import type { useForm } from '../../components/use-form.ts';
import { ProfileFields, type ProfileValues } from '../account/profile-fields.tsx';
import { NewPasswordFields } from './new-password-fields.tsx';

export type NewAccountValues = {
  username: string;
  password: string;
  confirm: string;
  profile: ProfileValues;
};

/** What a new account's form sends: its values, nothing else. */
export const newAccountBody = ({ username, password, confirm, profile }: NewAccountValues) => ({
  username,
  password,
  confirm,
  profile,
});

/** A new account's fields, as self-registration and an accepted invitation ask them: name, password, profile. */
export function NewAccountFields(props: {
  form: ReturnType<typeof useForm<NewAccountValues>>;
  required?: (keyof Profile)[];
  readOnly?: (keyof Profile)[];
}) {
  const { t } = usePreferences();
  const { form } = props;
  return (
    <>
      <ErrorAlert error={form.formError} />
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="3">
        <FormField
          {...form.field('username')}
          label={t('field.username')}
          autoComplete="username"
          required
          autoFocus
        />
        <NewPasswordFields
          label={t('field.password')}
          password={form.values.password}
          confirm={form.values.confirm}
          errors={form.errors}
          onPassword={(value) => form.set('password', value)}
          onConfirm={(value) => form.set('confirm', value)}
        />
      </SimpleGrid>
      <ProfileFields
        values={form.values.profile}
        errors={form.errors}
        prefix="profile."
        required={props.required}
        readOnly={props.readOnly}
        onChange={(field, value) => form.set('profile', { ...form.values.profile, [field]: value })}
      />
    </>
  );
}
