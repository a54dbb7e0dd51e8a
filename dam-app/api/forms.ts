import { z } from 'zod';
import { dbId, dbString } from './db-safe.ts';
import { fieldValidatorSchema } from './field-validators.ts';
import { FIELD_MESSAGES } from './messages.ts';

/** Where a form is used (R-FORM-ASSIGN): the asset view's metadata panel, bulk edit, the upload dialog. */
export const FORM_USES = ['view', 'bulkEdit', 'upload'] as const;
export type FormUse = (typeof FORM_USES)[number];

/** A rule's trigger event (R-FORM-RULES): On Load, On Change, On Post Save, On Submit. */
export const RULE_TRIGGERS = ['load', 'change', 'postSave', 'submit'] as const;
export type RuleTrigger = (typeof RULE_TRIGGERS)[number];
export const RULE_ACTIONS = ['show', 'hide', 'require', 'setValue', 'copyFrom', 'setFromDictionary'] as const;
export type RuleAction = (typeof RULE_ACTIONS)[number];

// An XMP namespace is an absolute URI; these characters have no place in one (RFC 3986 excludes them).
const SCHEMA_DISALLOWED = /[\s<>"{}|\\^`\p{Cc}]/u;
const SCHEMA_SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:./;

/** The first rule of R-FORM-SCHEMA an XMP schema (namespace) name breaks, or undefined. */
export function schemaNameProblem(schema: string): string | undefined {
  if (SCHEMA_DISALLOWED.test(schema) || !SCHEMA_SCHEME.test(schema)) return FIELD_MESSAGES.schemaCharacters;
  if (!schema.endsWith('/') && !schema.endsWith('#')) return FIELD_MESSAGES.schemaEnd;
  return undefined;
}

/** An XMP property name: an XML name without a prefix. */
const PROPERTY = /^[A-Za-z_][A-Za-z0-9._-]*$/;

export const formFieldSchema = z.strictObject({
  /** The XMP namespace the field belongs to, e.g. `http://purl.org/dc/elements/1.1/`. */
  /** The XMP namespace the field belongs to, e.g. `http://purl.org/dc/elements/1.1/` (checked with the form). */
  schema: dbString().trim().max(500),
  property: dbString().trim().max(128).regex(PROPERTY, FIELD_MESSAGES.propertyName),
  label: dbString().trim().min(1).max(128),
  validator: fieldValidatorSchema,
  /** Shown in several lines. */
  multiline: z.boolean().default(false),
});
export type FormField = z.output<typeof formFieldSchema>;

/** How a field is named in rules and in stored values: its namespace followed by its property. */
export const fieldKey = (field: Pick<FormField, 'schema' | 'property'>) => `${field.schema}${field.property}`;

export const formTabSchema = z.strictObject({
  name: dbString().trim().min(1).max(64),
  fields: z.array(formFieldSchema).max(200),
});

export const formRuleSchema = z.strictObject({
  /** The field the rule acts on (its key). */
  target: dbString().max(700),
  trigger: z.enum(RULE_TRIGGERS),
  action: z.enum(RULE_ACTIONS),
  /** setValue: the value set. */
  value: dbString().max(4000).optional(),
  /** copyFrom, setFromDictionary: the field read. */
  source: dbString().max(700).optional(),
  /** setFromDictionary: the dictionary whose word (matching the source's value) the target gets. */
  dictionaryId: dbId().optional(),
  /** The rule acts only while this field holds this value (any value when left out). */
  when: z.strictObject({ field: dbString().max(700), equals: dbString().max(4000) }).optional(),
});
export type FormRule = z.output<typeof formRuleSchema>;

export const formAssignmentSchema = z.strictObject({ folderId: dbId(), use: z.enum(FORM_USES) });

/** What an administrator saves: the name, the tabs with their fields, the rules and where the form is used. */
export const saveFormSchema = z
  .strictObject({
    name: dbString().trim().min(1, FIELD_MESSAGES.formNameRequired).max(128),
    description: dbString().max(2000).default(''),
    tabs: z.array(formTabSchema).min(1).max(20),
    rules: z.array(formRuleSchema).max(200).default([]),
    assignments: z.array(formAssignmentSchema).max(500).default([]),
  })
  .superRefine((form, context) => {
    // A bad schema is the spec's "Unable to create form (check schema)." first, then each field's own problem.
    const schemaProblems = form.tabs.flatMap((tab, t) =>
      tab.fields.flatMap((field, f) => {
        const problem = schemaNameProblem(field.schema);
        return problem ? [{ problem, path: ['tabs', t, 'fields', f, 'schema'] }] : [];
      }),
    );
    if (schemaProblems.length)
      context.addIssue({ code: 'custom', message: FIELD_MESSAGES.formCheckSchema, path: [] });
    for (const { problem, path } of schemaProblems)
      context.addIssue({ code: 'custom', message: problem, path });
    const keys = new Set<string>();
    form.tabs.forEach((tab, t) => {
      tab.fields.forEach((field, f) => {
        const key = fieldKey(field);
        if (keys.has(key))
          context.addIssue({
            code: 'custom',
            message: FIELD_MESSAGES.fieldAlreadyAdded,
            path: ['tabs', t, 'fields', f],
          });
        keys.add(key);
      });
    });
    form.rules.forEach((rule, r) => {
      const named = [rule.target, rule.source, rule.when?.field].filter((each) => each !== undefined);
      if (named.some((key) => !keys.has(key)))
        context.addIssue({ code: 'custom', message: FIELD_MESSAGES.ruleFieldUnknown, path: ['rules', r] });
    });
  });
export type SaveForm = z.output<typeof saveFormSchema>;
export type SaveFormInput = z.input<typeof saveFormSchema>;

export const formSchema = z
  .object({
    id: z.number(),
    name: z.string(),
    description: z.string(),
    tabs: z.array(formTabSchema),
    rules: z.array(formRuleSchema),
    assignments: z.array(formAssignmentSchema),
  })
  .meta({ id: 'Form' });
export type Form = z.infer<typeof formSchema>;

/** The values of an asset's form fields, by field key. */
export const fieldValuesSchema = z.record(z.string().max(700), dbString().max(70_000));
export type FieldValues = z.infer<typeof fieldValuesSchema>;

export const assetFormQuerySchema = z.object({ use: z.enum(FORM_USES).default('view') });
/** The form an asset's folder uses (null when none is assigned) and the asset's stored values. */
export const assetFormSchema = z.object({ form: formSchema.nullable(), values: fieldValuesSchema });
export const saveFieldValuesSchema = z.strictObject({ values: fieldValuesSchema });

/** R-FORM-ASSIGN: form values applied to a selection through the form its folders use for bulk edit or the upload. */
export const applyFormValuesSchema = z.strictObject({
  assetIds: z.array(dbId()).min(1).max(10_000),
  use: z.enum(['bulkEdit', 'upload']),
  values: fieldValuesSchema,
});
export type ApplyFormValues = z.output<typeof applyFormValuesSchema>;
export const applyFormValuesResultSchema = z.object({
  /** The assets the values were applied to. */
  assets: z.number().int(),
  /** How many of them changed. */
  updated: z.number().int(),
});
