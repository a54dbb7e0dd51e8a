import { Box, Fieldset, Image, SimpleGrid } from '@chakra-ui/react';
import { PROFILE_FIELDS, type Profile } from '../../../../api/accounts.ts';
import { usePreferences } from '../../app/preferences.tsx';
import { FormField } from '../../components/form-field.tsx';
import type { FieldErrors } from '../../components/use-form.ts';
import type { MessageKey } from '../../i18n/messages-en.ts';

/** Every user field of R-USER-FIELDS but the username and password, as the form edits them (text, possibly empty). */
export type ProfileValues = Record<keyof Profile, string>;

export const emptyProfile = (): ProfileValues =>
  Object.fromEntries(PROFILE_FIELDS.map((field) => [field, ''])) as ProfileValues;

export function profileValues(profile: Partial<Profile>): ProfileValues {
  const values = emptyProfile();
  for (const field of PROFILE_FIELDS) values[field] = profile[field] ?? '';
  return values;
}

const GROUPS: {
  legend: MessageKey;
  fields: { name: keyof Profile; autoComplete?: string; span?: number }[];
}[] = [
  {
    legend: 'account.identity',
    fields: [
      { name: 'firstName', autoComplete: 'given-name' },
      { name: 'mi', autoComplete: 'additional-name' },
      { name: 'lastName', autoComplete: 'family-name' },
      { name: 'company', autoComplete: 'organization' },
      { name: 'position', autoComplete: 'organization-title' },
      { name: 'dept' },
    ],
  },
  {
    legend: 'account.contact',
    fields: [
      { name: 'email', autoComplete: 'email', span: 2 },
      { name: 'phone', autoComplete: 'tel' },
      { name: 'ext', autoComplete: 'tel-extension' },
      { name: 'icon', autoComplete: 'photo', span: 2 },
    ],
  },
  {
    legend: 'account.address',
    fields: [
      { name: 'address1', autoComplete: 'address-line1', span: 2 },
      { name: 'address2', autoComplete: 'address-line2', span: 2 },
      { name: 'city', autoComplete: 'address-level2' },
      { name: 'state', autoComplete: 'address-level1' },
      { name: 'zip', autoComplete: 'postal-code' },
      { name: 'country', autoComplete: 'country-name' },
    ],
  },
];

/** The profile fields in three groups; `errors` keys are the server's (`profile.phone`) or the schema's (`phone`). */
export function ProfileFields(props: {
  values: ProfileValues;
  errors: FieldErrors;
  onChange(field: keyof Profile, value: string): void;
  prefix?: string;
  required?: (keyof Profile)[];
  readOnly?: (keyof Profile)[];
  /** In a side panel: two columns at most. */
  compact?: boolean;
}) {
  const { t } = usePreferences();
  const prefix = props.prefix ?? '';
  const icon = props.values.icon.trim();
  return (
    <>
      {GROUPS.map((group) => (
        <Fieldset.Root key={group.legend}>
          <Fieldset.Legend fontWeight="semibold" fontSize="md">
            {t(group.legend)}
          </Fieldset.Legend>
          <SimpleGrid columns={props.compact ? { base: 1, sm: 2 } : { base: 1, sm: 2, lg: 4 }} gap="3" mt="2">
            {group.fields.map((field) => (
              <Box
                key={field.name}
                gridColumn={props.compact ? undefined : { lg: field.span ? `span ${field.span}` : undefined }}
              >
                <FormField
                  label={t(`field.${field.name}`)}
                  name={field.name}
                  value={props.values[field.name]}
                  onValue={(value) => props.onChange(field.name, value)}
                  error={props.errors[`${prefix}${field.name}`] ?? props.errors[`profile.${field.name}`]}
                  autoComplete={field.autoComplete}
                  required={field.name === 'email' || props.required?.includes(field.name)}
                  readOnly={props.readOnly?.includes(field.name)}
                  type={field.name === 'email' ? 'email' : field.name === 'phone' ? 'tel' : 'text'}
                />
              </Box>
            ))}
          </SimpleGrid>
        </Fieldset.Root>
      ))}
      {/^\/[^/]/.test(icon) && (
        <Image src={icon} alt={t('account.iconPreview')} boxSize="12" borderRadius="full" objectFit="cover" />
      )}
    </>
  );
}
