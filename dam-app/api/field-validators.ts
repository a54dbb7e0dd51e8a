import { z } from 'zod';
import { DB_INT_MAX, DB_INT_MIN, dbId, isDbId, isStorableText, TEXT_NOT_STORABLE } from './db-safe.ts';
import { emailProblem } from './email-rule.ts';
import { FIELD_MESSAGES, MESSAGES } from './messages.ts';

/** R-FIELD-VALIDATORS: the metadata field validators; each has a NotEmpty variant (`notEmpty`). */
export const VALIDATOR_KINDS = [
  'SuggestDictionary',
  'ForceDictionary',
  'String',
  'StringNotEmpty',
  'EMail',
  'Phone',
  'Date',
  'Integer',
  'IntegerDecimal',
  'IntegerPosNeg',
  'IntegerDecimalPos',
  'Long',
  'NotEmpty',
  'DataBlock',
  'AssetReference',
] as const;
export type ValidatorKind = (typeof VALIDATOR_KINDS)[number];

/** A dictionary term (R-DICTIONARY-UPLOAD): at most 128 characters. */
export const DICTIONARY_TERM_MAX = 128;
/** A text field holds at most this much unless its validator says less; a data block holds more. */
export const TEXT_MAX = 4000;
export const DATA_BLOCK_MAX = 65_536;
/** "Maximum of 32 Characters." (R-FIELD-VALIDATORS, the phone field). */
export const PHONE_MAX = 32;

const DATE_SHAPE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2})?)?$/;
const isoDate = z
  .string()
  .refine((value) => DATE_SHAPE.test(value) && validDate(value), { message: FIELD_MESSAGES.dateInvalid });

const validRegex = (source: string) => {
  try {
    new RegExp(source, 'u');
    return true;
  } catch {
    return false;
  }
};

/** What a form field's validator is: its kind and the limits the kind reads (the others are ignored). */
export const fieldValidatorSchema = z.strictObject({
  kind: z.enum(VALIDATOR_KINDS),
  /** The NotEmpty variant: an empty value is refused with "You can not leave this empty." */
  notEmpty: z.boolean().default(false),
  /** Numeric kinds. */
  min: z.number().finite().optional(),
  max: z.number().finite().optional(),
  /** Text kinds (String, NotEmpty, DataBlock). */
  minLength: z.number().int().min(0).max(DATA_BLOCK_MAX).optional(),
  maxLength: z.number().int().min(1).max(DATA_BLOCK_MAX).optional(),
  pattern: z.string().max(500).refine(validRegex, { message: FIELD_MESSAGES.textPattern }).optional(),
  /** Date: YYYY-MM-DD or YYYY-MM-DDTHH:MM. */
  minDate: isoDate.optional(),
  maxDate: isoDate.optional(),
  /** SuggestDictionary and ForceDictionary: the dictionary whose words are offered (or the only ones allowed). */
  dictionaryId: dbId().optional(),
});
export type FieldValidator = z.output<typeof fieldValidatorSchema>;
export type FieldValidatorInput = z.input<typeof fieldValidatorSchema>;

/** The validator's name as the spec lists it, with the NotEmpty suffix of its required variant. */
export function validatorName(validator: Pick<FieldValidator, 'kind' | 'notEmpty'>): string {
  return validator.notEmpty && !validator.kind.endsWith('NotEmpty')
    ? `${validator.kind}NotEmpty`
    : validator.kind;
}

/** Whether an empty value is refused: the NotEmpty variant, and the two kinds that are required by name. */
export const isRequired = (validator: Pick<FieldValidator, 'kind' | 'notEmpty'>) =>
  validator.notEmpty || validator.kind === 'StringNotEmpty' || validator.kind === 'NotEmpty';

/** What only the server knows: the words of a dictionary, the assets that exist (the web leaves them unchecked). */
export interface ValueContext {
  inDictionary?: (dictionaryId: number, word: string) => boolean;
  assetExists?: (id: number) => boolean;
}

type Check = (value: string, validator: FieldValidator, context: ValueContext) => string | undefined;

function validDate(value: string): boolean {
  const [year, month, day] = value.slice(0, 10).split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return false;
  const time = value.slice(11);
  if (!time) return true;
  const [hours, minutes, seconds = 0] = time.split(':').map(Number) as [number, number, number?];
  return hours < 24 && minutes < 60 && seconds < 60;
}

function textCheck(value: string, validator: FieldValidator, ceiling: number): string | undefined {
  const max = Math.min(validator.maxLength ?? ceiling, ceiling);
  if ([...value].length > max) return FIELD_MESSAGES.textMaxLength(max);
  if (validator.minLength !== undefined && [...value].length < validator.minLength)
    return FIELD_MESSAGES.textMinLength(validator.minLength);
  if (validator.pattern !== undefined && !new RegExp(`^(?:${validator.pattern})$`, 'u').test(value))
    return FIELD_MESSAGES.textPattern;
  return undefined;
}

const WHOLE = /^[+-]?\d+$/;
const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

/** A number's shape, then its sign, then the kind's range and the validator's min and max. */
function numberCheck(options: {
  whole: boolean;
  negative: boolean;
  floor?: bigint;
  ceiling?: bigint;
}): Check {
  return (value, validator) => {
    if (!DECIMAL.test(value)) return FIELD_MESSAGES.notANumber;
    if (options.whole && !WHOLE.test(value)) return FIELD_MESSAGES.notAWholeNumber;
    const number = Number(value);
    if (!options.negative && number < 0) return FIELD_MESSAGES.notNegative;
    if (options.whole && options.floor !== undefined && options.ceiling !== undefined) {
      const big = BigInt(value);
      if (big < options.floor) return FIELD_MESSAGES.numberMin(options.floor.toString());
      if (big > options.ceiling) return FIELD_MESSAGES.numberMax(options.ceiling.toString());
    }
    if (validator.min !== undefined && number < validator.min) return FIELD_MESSAGES.numberMin(validator.min);
    if (validator.max !== undefined && number > validator.max) return FIELD_MESSAGES.numberMax(validator.max);
    return undefined;
  };
}

const INT = { floor: BigInt(DB_INT_MIN), ceiling: BigInt(DB_INT_MAX) };
const PHONE = /^\+?[0-9 ().\-/]+(\s*(x|ext\.?)\s*[0-9]+)?$/i;

function dictionaryCheck(force: boolean): Check {
  return (value, validator, context) => {
    if ([...value].length > DICTIONARY_TERM_MAX) return FIELD_MESSAGES.textMaxLength(DICTIONARY_TERM_MAX);
    if (force && validator.dictionaryId !== undefined && context.inDictionary)
      if (!context.inDictionary(validator.dictionaryId, value)) return FIELD_MESSAGES.notInDictionary;
    return undefined;
  };
}

/** One check per validator kind: what a non-empty value must be. */
export const VALUE_CHECKS: Record<ValidatorKind, Check> = {
  SuggestDictionary: dictionaryCheck(false),
  ForceDictionary: dictionaryCheck(true),
  String: (value, validator) => textCheck(value, validator, TEXT_MAX),
  StringNotEmpty: (value, validator) => textCheck(value, validator, TEXT_MAX),
  NotEmpty: (value, validator) => textCheck(value, validator, TEXT_MAX),
  DataBlock: (value, validator) => textCheck(value, validator, DATA_BLOCK_MAX),
  EMail: (value) => emailProblem(value),
  Phone: (value) => {
    if ([...value].length > PHONE_MAX) return MESSAGES.maxChars32;
    return PHONE.test(value) ? undefined : MESSAGES.phoneCharacters;
  },
  Date: (value, validator) => {
    if (!DATE_SHAPE.test(value) || !validDate(value)) return FIELD_MESSAGES.dateInvalid;
    if (validator.minDate !== undefined && value.slice(0, validator.minDate.length) < validator.minDate)
      return FIELD_MESSAGES.dateMin(validator.minDate);
    if (validator.maxDate !== undefined && value.slice(0, validator.maxDate.length) > validator.maxDate)
      return FIELD_MESSAGES.dateMax(validator.maxDate);
    return undefined;
  },
  Integer: numberCheck({ whole: true, negative: false, ...INT }),
  IntegerPosNeg: numberCheck({ whole: true, negative: true, ...INT }),
  IntegerDecimal: numberCheck({ whole: false, negative: true }),
  IntegerDecimalPos: numberCheck({ whole: false, negative: false }),
  Long: numberCheck({ whole: true, negative: true, floor: -(2n ** 63n), ceiling: 2n ** 63n - 1n }),
  AssetReference: (value, _validator, context) => {
    if (!/^\d+$/.test(value) || !isDbId(Number(value))) return FIELD_MESSAGES.assetReference;
    if (context.assetExists && !context.assetExists(Number(value))) return FIELD_MESSAGES.assetReference;
    return undefined;
  },
};

/** The first problem of a value under a validator, or undefined when it passes. Values are trimmed first. */
export function valueProblem(
  validator: FieldValidator,
  raw: string,
  context: ValueContext = {},
): string | undefined {
  if (!isStorableText(raw)) return TEXT_NOT_STORABLE;
  const value = raw.trim();
  if (value === '') return isRequired(validator) ? MESSAGES.requiredEmpty : undefined;
  return VALUE_CHECKS[validator.kind](value, validator, context);
}

/**
 * The zod schema of one field's value under its validator, shared by the web form and the server's save: a string,
 * trimmed, refused with the validator's message. `context` adds what only the server knows.
 */
export function fieldValueSchema(validator: FieldValidator, context: ValueContext = {}) {
  return z
    .string()
    .superRefine((value, issue) => {
      const problem = valueProblem(validator, value, context);
      if (problem) issue.addIssue({ code: 'custom', message: problem });
    })
    .transform((value) => value.trim());
}
