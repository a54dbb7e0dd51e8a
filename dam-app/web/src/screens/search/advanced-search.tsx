import {
  Button,
  Checkbox,
  Field,
  Fieldset,
  Flex,
  Input,
  NativeSelect,
  SimpleGrid,
  Stack,
} from '@chakra-ui/react';
import {
  ASPECT_RATIOS,
  CONDITION_FIELDS,
  DATE_FILTERS,
  DATE_RANGES,
  LAST_N_DAYS,
} from '../../../../api/search.ts';
import { usePreferences } from '../../app/preferences.tsx';
import type { FieldErrors } from '../../components/field-errors.ts';
import { FormField } from '../../components/form-field.tsx';
import {
  type AdvancedForm,
  type ConditionField,
  type ConditionOp,
  type ConditionRow,
  operatorsFor,
} from './search-form.ts';

function Select(props: {
  label: string;
  value: string;
  onValue(value: string): void;
  children: React.ReactNode;
  width?: string;
}) {
  return (
    <NativeSelect.Root size="sm" width={props.width}>
      <NativeSelect.Field
        aria-label={props.label}
        value={props.value}
        onChange={(e) => props.onValue(e.target.value)}
      >
        {props.children}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

/**
 * Advanced Search: keywords, field conditions, the spec's date options (R-DATE-OPTIONS: "last N days" 5/10/20/30, the date
 * filters and the date ranges, or a custom window) and aspect ratios 1:1, 4:3, 16:9.
 */
export function AdvancedSearch({
  form,
  onChange,
  errors,
}: {
  form: AdvancedForm;
  onChange(next: AdvancedForm): void;
  errors: FieldErrors;
}) {
  const { t } = usePreferences();
  const set = <K extends keyof AdvancedForm>(key: K, value: AdvancedForm[K]) =>
    onChange({ ...form, [key]: value });
  const setRow = (index: number, row: Partial<ConditionRow>) =>
    set(
      'conditions',
      form.conditions.map((each, i) => (i === index ? { ...each, ...row } : each)),
    );
  const conditionError =
    errors.conditions ?? Object.entries(errors).find(([key]) => key.startsWith('conditions.'))?.[1];
  const dateError = errors['date.from'] ?? errors['date.to'] ?? errors['date.lastDays'] ?? errors.date;

  return (
    <Stack gap="4" borderWidth="1px" borderRadius="md" p="4" bg="bg.subtle">
      <FormField
        label={t('search.keywords')}
        name="keywords"
        value={form.keywords}
        onValue={(value) => set('keywords', value)}
        helper={t('search.keywordsHint')}
        error={errors.keywords}
        size="sm"
      />
      <Fieldset.Root invalid={conditionError !== undefined}>
        <Fieldset.Legend>{t('search.conditions')}</Fieldset.Legend>
        <Stack gap="2" mt="2">
          {form.conditions.map((row, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place and have no identity of their own
            <Flex key={index} gap="2" wrap="wrap" align="center" data-condition={index}>
              <Select
                label={t('search.conditionField', { n: index + 1 })}
                value={row.field}
                width="40"
                onValue={(value) => {
                  const field = value as ConditionField;
                  const ops = operatorsFor(field);
                  setRow(index, { field, op: ops.includes(row.op) ? row.op : (ops[0] as ConditionOp) });
                }}
              >
                {CONDITION_FIELDS.map((field) => (
                  <option key={field} value={field}>
                    {t(`asset.${field}`)}
                  </option>
                ))}
              </Select>
              <Select
                label={t('search.conditionOp', { n: index + 1 })}
                value={row.op}
                width="36"
                onValue={(value) => setRow(index, { op: value as ConditionOp })}
              >
                {operatorsFor(row.field).map((op) => (
                  <option key={op} value={op}>
                    {t(`search.op.${op}`)}
                  </option>
                ))}
              </Select>
              <Input
                size="sm"
                width="44"
                aria-label={t('search.conditionValue', { n: index + 1 })}
                type={row.field === 'dateCreated' || row.field === 'dateAdded' ? 'date' : 'text'}
                value={row.value}
                onChange={(event) => setRow(index, { value: event.target.value })}
              />
              {row.op === 'between' && (
                <Input
                  size="sm"
                  width="44"
                  aria-label={t('search.conditionTo', { n: index + 1 })}
                  type={row.field === 'dateCreated' || row.field === 'dateAdded' ? 'date' : 'text'}
                  value={row.to}
                  onChange={(event) => setRow(index, { to: event.target.value })}
                />
              )}
              <Button
                size="sm"
                variant="ghost"
                onClick={() =>
                  set(
                    'conditions',
                    form.conditions.filter((_, i) => i !== index),
                  )
                }
              >
                {t('search.removeCondition', { n: index + 1 })}
              </Button>
            </Flex>
          ))}
          <Button
            size="sm"
            variant="outline"
            alignSelf="flex-start"
            onClick={() =>
              set('conditions', [...form.conditions, { field: 'name', op: 'contains', value: '', to: '' }])
            }
          >
            {t('search.addCondition')}
          </Button>
        </Stack>
        {conditionError && <Fieldset.ErrorText>{conditionError}</Fieldset.ErrorText>}
      </Fieldset.Root>
      <Fieldset.Root invalid={dateError !== undefined}>
        <Fieldset.Legend>{t('search.date')}</Fieldset.Legend>
        <Flex gap="2" wrap="wrap" mt="2">
          <Select
            label={t('search.dateField')}
            value={form.dateField}
            width="44"
            onValue={(value) => set('dateField', value as AdvancedForm['dateField'])}
          >
            <option value="dateAdded">{t('asset.dateAdded')}</option>
            <option value="dateCreated">{t('asset.dateCreated')}</option>
          </Select>
          <Select
            label={t('search.when')}
            value={form.when}
            width="56"
            onValue={(value) => set('when', value)}
          >
            <option value="">{t('search.anyTime')}</option>
            {[
              {
                label: t('search.lastNDays'),
                options: LAST_N_DAYS.map((days) => [`last:${days}`, t('search.lastDays', { n: days })]),
              },
              {
                label: t('search.dateFilters'),
                options: DATE_FILTERS.map((filter) => [`filter:${filter}`, t(`search.filter.${filter}`)]),
              },
              {
                label: t('search.dateRanges'),
                options: DATE_RANGES.map((range) => [`range:${range}`, t(`search.range.${range}`)]),
              },
            ].map((group) => (
              <optgroup key={group.label} label={group.label}>
                {group.options.map(([value, text]) => (
                  <option key={value} value={value}>
                    {text}
                  </option>
                ))}
              </optgroup>
            ))}
            <option value="custom">{t('search.custom')}</option>
          </Select>
        </Flex>
        {form.when === 'custom' && (
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="2" mt="2">
            <Field.Root>
              <Field.Label>{t('search.customDays')}</Field.Label>
              <Input
                size="sm"
                type="number"
                min={1}
                name="customDays"
                value={form.customDays}
                onChange={(e) => set('customDays', e.target.value)}
              />
            </Field.Root>
            <Field.Root invalid={errors['date.from'] !== undefined}>
              <Field.Label>{t('search.from')}</Field.Label>
              <Input
                size="sm"
                type="date"
                name="from"
                value={form.from}
                onChange={(e) => set('from', e.target.value)}
              />
            </Field.Root>
            <Field.Root>
              <Field.Label>{t('search.to')}</Field.Label>
              <Input
                size="sm"
                type="date"
                name="to"
                value={form.to}
                onChange={(e) => set('to', e.target.value)}
              />
            </Field.Root>
          </SimpleGrid>
        )}
        {dateError && <Fieldset.ErrorText>{dateError}</Fieldset.ErrorText>}
      </Fieldset.Root>
      <Fieldset.Root>
        <Fieldset.Legend>{t('search.aspectRatio')}</Fieldset.Legend>
        <Flex gap="4" mt="2">
          {ASPECT_RATIOS.map((ratio) => (
            <Checkbox.Root
              key={ratio}
              checked={form.aspectRatios.includes(ratio)}
              onCheckedChange={(details) =>
                set(
                  'aspectRatios',
                  details.checked === true
                    ? [...form.aspectRatios, ratio]
                    : form.aspectRatios.filter((each) => each !== ratio),
                )
              }
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>{ratio}</Checkbox.Label>
            </Checkbox.Root>
          ))}
        </Flex>
      </Fieldset.Root>
    </Stack>
  );
}
