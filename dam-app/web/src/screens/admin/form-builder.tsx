import { Box, Button, Checkbox, Heading, HStack, SimpleGrid, Stack } from '@chakra-ui/react';
import { createForm, updateForm } from '../../../../api/contract/forms-endpoints.ts';
import {
  type FieldValidatorInput,
  VALIDATOR_KINDS,
  type ValidatorKind,
} from '../../../../api/field-validators.ts';
import {
  FORM_USES,
  type Form,
  type FormUse,
  fieldKey,
  RULE_ACTIONS,
  RULE_TRIGGERS,
  type RuleAction,
  type RuleTrigger,
  type SaveFormInput,
  saveFormSchema,
} from '../../../../api/forms.ts';
import { api } from '../../api/api-client.ts';
import { usePreferences } from '../../app/preferences.tsx';
import { ErrorAlert } from '../../components/feedback.tsx';
import { FormField } from '../../components/form-field.tsx';
import { SelectField } from '../../components/select-field.tsx';
import { useForm } from '../../components/use-form.ts';
import { EditorDrawer } from '../../kit/editor-drawer.tsx';
import { useSave } from '../../kit/use-save.ts';
import { FORM_KEYS, useDictionaries, useFormFolders } from './forms-queries.ts';

type Draft = Required<Pick<SaveFormInput, 'name' | 'description' | 'rules' | 'assignments'>> & {
  tabs: { name: string; fields: DraftField[] }[];
};
type DraftField = {
  schema: string;
  property: string;
  label: string;
  validator: FieldValidatorInput;
  multiline: boolean;
};
type DraftRule = Draft['rules'][number];

/** Dublin Core, the namespace most fields come from: a new field starts there. */
const DUBLIN_CORE = 'http://purl.org/dc/elements/1.1/';
const usesDictionary = (kind: ValidatorKind) => kind === 'SuggestDictionary' || kind === 'ForceDictionary';

const draftOf = (form: Form | undefined): Draft => ({
  name: form?.name ?? '',
  description: form?.description ?? '',
  tabs: form?.tabs.map((tab) => ({ name: tab.name, fields: tab.fields.map((field) => ({ ...field })) })) ?? [
    { name: 'General', fields: [] },
  ],
  rules: form?.rules ?? [],
  assignments: form?.assignments ?? [],
});

/**
 * The form builder (R-FORMS): tabs of fields bound to an XMP schema and property, each with its validator; rules
 * with a target field, a trigger event and an action; the folders and uses the form is assigned to. The shared
 * schema checks it before sending; the server's answer (a bad schema: "Unable to create form (check schema).")
 * shows beside the same fields.
 */
export function FormBuilder({ form: saved, onClose }: { form?: Form | undefined; onClose(): void }) {
  const { t } = usePreferences();
  const form = useForm(draftOf(saved), { guard: true });
  const { values, errors } = form;
  const dictionaries = useDictionaries();
  const folders = useFormFolders();
  const save = useSave({
    form,
    save: (body: SaveFormInput) =>
      saved ? api.call(updateForm, { params: { id: saved.id }, body }) : api.call(createForm, { body }),
    refresh: [FORM_KEYS.forms, FORM_KEYS.dictionaries],
    nameOf: (result) => result.name,
    onSaved: onClose,
  });
  const submit = () => {
    if (form.check(saveFormSchema, values)) save.mutate(values);
  };
  const setTabs = (tabs: Draft['tabs']) => form.set('tabs', tabs);
  const setField = (tab: number, index: number, change: Partial<DraftField>) =>
    setTabs(
      values.tabs.map((each, t2) =>
        t2 === tab
          ? {
              ...each,
              fields: each.fields.map((field, f) => (f === index ? { ...field, ...change } : field)),
            }
          : each,
      ),
    );
  const setRule = (index: number, change: Partial<DraftRule>) =>
    form.set(
      'rules',
      values.rules.map((rule, r) => (r === index ? { ...rule, ...change } : rule)),
    );
  const fieldChoices = values.tabs.flatMap((tab) =>
    tab.fields.map((field) => ({
      value: fieldKey(field),
      label: field.label || field.property || fieldKey(field),
    })),
  );
  const dictionaryChoices = (dictionaries.data ?? []).map((each) => ({ value: each.id, label: each.name }));
  const at = (...path: (string | number)[]) => errors[path.join('.')];

  return (
    <EditorDrawer
      open
      title={saved ? t('admin.editForm', { name: saved.name }) : t('admin.newForm')}
      busy={save.isPending}
      submitLabel={saved ? t('app.save') : t('app.create')}
      onSubmit={submit}
      onClose={onClose}
    >
      <ErrorAlert error={form.formError ?? errors._} />
      <FormField {...form.field('name')} label={t('field.name')} required />
      <FormField {...form.field('description')} label={t('field.description')} />

      <Heading as="h3" size="sm">
        {t('form.tabs')}
      </Heading>
      {values.tabs.map((tab, ti) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a draft row is its position; removing one re-mounts those after it
        <Stack key={ti} gap="3" borderWidth="1px" rounded="md" p="3" as="fieldset">
          <HStack align="flex-end">
            <FormField
              name={`tabs.${ti}.name`}
              label={t('form.tabName')}
              value={tab.name}
              onValue={(name) => setTabs(values.tabs.map((each, i) => (i === ti ? { ...each, name } : each)))}
              error={at('tabs', ti, 'name')}
              required
            />
            <Button
              size="sm"
              variant="outline"
              disabled={values.tabs.length === 1}
              onClick={() => setTabs(values.tabs.filter((_, i) => i !== ti))}
            >
              {t('form.removeTab', { name: tab.name })}
            </Button>
          </HStack>
          {tab.fields.map((field, fi) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a draft row is its position; removing one re-mounts those after it
            <Box key={fi} borderTopWidth="1px" pt="3">
              <SimpleGrid columns={2} gap="3">
                <FormField
                  name={`tabs.${ti}.fields.${fi}.label`}
                  label={t('form.fieldLabel')}
                  value={field.label}
                  onValue={(label) => setField(ti, fi, { label })}
                  error={at('tabs', ti, 'fields', fi, 'label')}
                  required
                />
                <FormField
                  name={`tabs.${ti}.fields.${fi}.property`}
                  label={t('form.property')}
                  value={field.property}
                  onValue={(property) => setField(ti, fi, { property })}
                  error={at('tabs', ti, 'fields', fi, 'property') ?? at('tabs', ti, 'fields', fi)}
                  required
                />
              </SimpleGrid>
              <Box mt="3">
                <FormField
                  name={`tabs.${ti}.fields.${fi}.schema`}
                  label={t('form.schema')}
                  value={field.schema}
                  onValue={(schema) => setField(ti, fi, { schema })}
                  error={at('tabs', ti, 'fields', fi, 'schema')}
                  required
                />
              </Box>
              <SimpleGrid columns={2} gap="3" mt="3">
                <SelectField
                  label={t('form.validator')}
                  name={`tabs.${ti}.fields.${fi}.validator`}
                  value={field.validator.kind}
                  choices={VALIDATOR_KINDS.map((kind) => ({ value: kind, label: kind }))}
                  onValue={(kind) =>
                    setField(ti, fi, { validator: { ...field.validator, kind: kind as ValidatorKind } })
                  }
                />
                {usesDictionary(field.validator.kind) && (
                  <SelectField
                    label={t('form.dictionary')}
                    name={`tabs.${ti}.fields.${fi}.dictionary`}
                    value={field.validator.dictionaryId ?? ''}
                    none={t('form.noDictionary')}
                    choices={dictionaryChoices}
                    onValue={(id) =>
                      setField(ti, fi, {
                        validator: { ...field.validator, dictionaryId: id ? Number(id) : undefined },
                      })
                    }
                  />
                )}
              </SimpleGrid>
              <HStack mt="3" justify="space-between">
                <Checkbox.Root
                  checked={field.validator.notEmpty === true}
                  onCheckedChange={(details) =>
                    setField(ti, fi, {
                      validator: { ...field.validator, notEmpty: details.checked === true },
                    })
                  }
                >
                  <Checkbox.HiddenInput />
                  <Checkbox.Control />
                  <Checkbox.Label>{t('form.notEmpty')}</Checkbox.Label>
                </Checkbox.Root>
                <Button
                  size="xs"
                  variant="outline"
                  colorPalette="red"
                  onClick={() =>
                    setTabs(
                      values.tabs.map((each, i) =>
                        i === ti ? { ...each, fields: each.fields.filter((_, f) => f !== fi) } : each,
                      ),
                    )
                  }
                >
                  {t('form.removeField', { name: field.label || field.property })}
                </Button>
              </HStack>
            </Box>
          ))}
          <Button
            size="sm"
            variant="outline"
            alignSelf="flex-start"
            onClick={() =>
              setTabs(
                values.tabs.map((each, i) =>
                  i === ti
                    ? {
                        ...each,
                        fields: [
                          ...each.fields,
                          {
                            schema: DUBLIN_CORE,
                            property: '',
                            label: '',
                            validator: { kind: 'String', notEmpty: false },
                            multiline: false,
                          },
                        ],
                      }
                    : each,
                ),
              )
            }
          >
            {t('form.addField', { name: tab.name })}
          </Button>
        </Stack>
      ))}
      <Button
        size="sm"
        variant="outline"
        alignSelf="flex-start"
        onClick={() => setTabs([...values.tabs, { name: `Tab ${values.tabs.length + 1}`, fields: [] }])}
      >
        {t('form.addTab')}
      </Button>

      <Heading as="h3" size="sm">
        {t('form.rules')}
      </Heading>
      {values.rules.map((rule, ri) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a draft row is its position; removing one re-mounts those after it
        <Stack key={ri} gap="3" borderWidth="1px" rounded="md" p="3">
          <SimpleGrid columns={3} gap="3">
            <SelectField
              label={t('form.ruleTarget')}
              name={`rules.${ri}.target`}
              value={rule.target}
              none="—"
              choices={fieldChoices}
              error={at('rules', ri)}
              onValue={(target) => setRule(ri, { target })}
            />
            <SelectField
              label={t('form.ruleTrigger')}
              name={`rules.${ri}.trigger`}
              value={rule.trigger}
              choices={RULE_TRIGGERS.map((trigger) => ({
                value: trigger,
                label: t(`form.trigger.${trigger}`),
              }))}
              onValue={(trigger) => setRule(ri, { trigger: trigger as RuleTrigger })}
            />
            <SelectField
              label={t('form.ruleAction')}
              name={`rules.${ri}.action`}
              value={rule.action}
              choices={RULE_ACTIONS.map((action) => ({ value: action, label: t(`form.action.${action}`) }))}
              onValue={(action) => setRule(ri, { action: action as RuleAction })}
            />
          </SimpleGrid>
          <HStack align="flex-end">
            {rule.action === 'setValue' && (
              <FormField
                name={`rules.${ri}.value`}
                label={t('form.ruleValue')}
                value={rule.value ?? ''}
                onValue={(value) => setRule(ri, { value })}
              />
            )}
            {(rule.action === 'copyFrom' || rule.action === 'setFromDictionary') && (
              <SelectField
                label={t('form.ruleSource')}
                name={`rules.${ri}.source`}
                value={rule.source ?? ''}
                none="—"
                choices={fieldChoices}
                onValue={(source) => setRule(ri, { source: source || undefined })}
              />
            )}
            {rule.action === 'setFromDictionary' && (
              <SelectField
                label={t('form.dictionary')}
                name={`rules.${ri}.dictionary`}
                value={rule.dictionaryId ?? ''}
                none={t('form.noDictionary')}
                choices={dictionaryChoices}
                onValue={(id) => setRule(ri, { dictionaryId: id ? Number(id) : undefined })}
              />
            )}
            <Button
              size="xs"
              variant="outline"
              colorPalette="red"
              ml="auto"
              onClick={() =>
                form.set(
                  'rules',
                  values.rules.filter((_, i) => i !== ri),
                )
              }
            >
              {t('form.removeRule', { n: ri + 1 })}
            </Button>
          </HStack>
        </Stack>
      ))}
      <Button
        size="sm"
        variant="outline"
        alignSelf="flex-start"
        disabled={fieldChoices.length === 0}
        onClick={() =>
          form.set('rules', [
            ...values.rules,
            { target: fieldChoices[0]?.value ?? '', trigger: 'load', action: 'show' },
          ])
        }
      >
        {t('form.addRule')}
      </Button>

      <Heading as="h3" size="sm">
        {t('form.assignments')}
      </Heading>
      {values.assignments.map((assignment, ai) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a draft row is its position; removing one re-mounts those after it
        <HStack key={ai} align="flex-end">
          <SelectField
            label={t('form.folder')}
            name={`assignments.${ai}.folderId`}
            value={assignment.folderId}
            choices={(folders.data ?? []).map((folder) => ({ value: folder.id, label: folder.path }))}
            error={at('assignments', ai, 'folderId')}
            onValue={(id) =>
              form.set(
                'assignments',
                values.assignments.map((each, i) => (i === ai ? { ...each, folderId: Number(id) } : each)),
              )
            }
          />
          <SelectField
            label={t('form.use')}
            name={`assignments.${ai}.use`}
            value={assignment.use}
            choices={FORM_USES.map((use) => ({ value: use, label: t(`form.use.${use}`) }))}
            onValue={(use) =>
              form.set(
                'assignments',
                values.assignments.map((each, i) => (i === ai ? { ...each, use: use as FormUse } : each)),
              )
            }
          />
          <Button
            size="xs"
            variant="outline"
            colorPalette="red"
            onClick={() =>
              form.set(
                'assignments',
                values.assignments.filter((_, i) => i !== ai),
              )
            }
          >
            {t('form.removeAssignment', { n: ai + 1 })}
          </Button>
        </HStack>
      ))}
      <Button
        size="sm"
        variant="outline"
        alignSelf="flex-start"
        disabled={!folders.data?.length}
        onClick={() =>
          form.set('assignments', [
            ...values.assignments,
            { folderId: folders.data?.[0]?.id ?? 0, use: 'view' as FormUse },
          ])
        }
      >
        {t('form.addAssignment')}
      </Button>
    </EditorDrawer>
  );
}
