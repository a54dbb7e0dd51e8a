import { describe, expect, it } from 'vitest';
import {
  type FieldValidatorInput,
  fieldValidatorSchema,
  fieldValueSchema,
  VALIDATOR_KINDS,
  type ValueContext,
  validatorName,
  valueProblem,
} from './field-validators.ts';
import { FIELD_MESSAGES, MESSAGES } from './messages.ts';

const v = (input: FieldValidatorInput) => fieldValidatorSchema.parse(input);
const problem = (input: FieldValidatorInput, value: string, context?: ValueContext) =>
  valueProblem(v(input), value, context);

describe('field validators (R-FIELD-VALIDATORS)', () => {
  it('lists every validator of R-FIELD-VALIDATORS and names their NotEmpty variants', () => {
    expect(VALIDATOR_KINDS).toHaveLength(15);
    expect(validatorName({ kind: 'EMail', notEmpty: true })).toBe('EMailNotEmpty');
    expect(validatorName({ kind: 'StringNotEmpty', notEmpty: true })).toBe('StringNotEmpty');
    expect(validatorName({ kind: 'Date', notEmpty: false })).toBe('Date');
  });

  it('refuses an empty value only in the NotEmpty variants, with the spec’s words', () => {
    for (const kind of VALIDATOR_KINDS) {
      const required = kind === 'StringNotEmpty' || kind === 'NotEmpty';
      expect(problem({ kind }, '   ')).toBe(required ? MESSAGES.requiredEmpty : undefined);
      expect(problem({ kind, notEmpty: true }, '')).toBe(MESSAGES.requiredEmpty);
    }
  });

  it('String: maximum and minimum length, regex', () => {
    expect(problem({ kind: 'String', maxLength: 5 }, 'abcdef')).toBe(FIELD_MESSAGES.textMaxLength(5));
    expect(problem({ kind: 'String', maxLength: 5 }, 'abcde')).toBeUndefined();
    expect(problem({ kind: 'StringNotEmpty', minLength: 3 }, 'ab')).toBe(FIELD_MESSAGES.textMinLength(3));
    expect(problem({ kind: 'String', pattern: '[A-Z]{3}-\\d+' }, 'ABC-12')).toBeUndefined();
    expect(problem({ kind: 'String', pattern: '[A-Z]{3}-\\d+' }, 'xABC-12')).toBe(FIELD_MESSAGES.textPattern);
    expect(problem({ kind: 'String' }, 'x'.repeat(4001))).toBe(FIELD_MESSAGES.textMaxLength(4000));
    expect(fieldValidatorSchema.safeParse({ kind: 'String', pattern: '(' }).success).toBe(false);
  });

  it('NotEmpty and DataBlock: any text, a data block up to 64 KiB', () => {
    expect(problem({ kind: 'NotEmpty' }, 'anything')).toBeUndefined();
    expect(problem({ kind: 'DataBlock' }, 'x'.repeat(60_000))).toBeUndefined();
    expect(problem({ kind: 'DataBlock' }, 'x'.repeat(70_000))).toBe(FIELD_MESSAGES.textMaxLength(65_536));
  });

  it('EMail follows the email rule', () => {
    expect(problem({ kind: 'EMail' }, 'ann@example.org')).toBeUndefined();
    expect(problem({ kind: 'EMail' }, 'ann.example.org')).toBe(MESSAGES.emailMissingAt);
    expect(problem({ kind: 'EMail' }, 'a@b@example.org')).toBe(MESSAGES.emailManyAt);
  });

  it('Phone: allowed characters, "Maximum of 32 Characters."', () => {
    expect(problem({ kind: 'Phone' }, '+1 (555) 010-2030 ext. 12')).toBeUndefined();
    expect(problem({ kind: 'Phone' }, '555-CALL-NOW')).toBe(MESSAGES.phoneCharacters);
    expect(problem({ kind: 'Phone' }, '1'.repeat(33))).toBe(MESSAGES.maxChars32);
  });

  it('Date: invalid format, a day that does not exist, min and max', () => {
    expect(problem({ kind: 'Date' }, '2026-11-26')).toBeUndefined();
    expect(problem({ kind: 'Date' }, '2026-11-26T09:30')).toBeUndefined();
    expect(problem({ kind: 'Date' }, '26/11/2026')).toBe(FIELD_MESSAGES.dateInvalid);
    expect(problem({ kind: 'Date' }, '2026-02-30')).toBe(FIELD_MESSAGES.dateInvalid);
    expect(problem({ kind: 'Date' }, '2026-11-26T25:00')).toBe(FIELD_MESSAGES.dateInvalid);
    const ranged = { kind: 'Date', minDate: '2020-01-01', maxDate: '2029-12-31' } as const;
    expect(problem(ranged, '2019-12-31')).toBe(FIELD_MESSAGES.dateMin('2020-01-01'));
    expect(problem(ranged, '2030-01-01T00:00')).toBe(FIELD_MESSAGES.dateMax('2029-12-31'));
    expect(problem(ranged, '2029-12-31T23:59')).toBeUndefined();
  });

  it('Integer: whole, not negative, 32-bit, min and max', () => {
    expect(problem({ kind: 'Integer' }, '42')).toBeUndefined();
    expect(problem({ kind: 'Integer' }, 'forty')).toBe(FIELD_MESSAGES.notANumber);
    expect(problem({ kind: 'Integer' }, '4.2')).toBe(FIELD_MESSAGES.notAWholeNumber);
    expect(problem({ kind: 'Integer' }, '-1')).toBe(FIELD_MESSAGES.notNegative);
    expect(problem({ kind: 'Integer' }, '2147483648')).toBe(FIELD_MESSAGES.numberMax('2147483647'));
    expect(problem({ kind: 'Integer', min: 10, max: 20 }, '9')).toBe(FIELD_MESSAGES.numberMin(10));
    expect(problem({ kind: 'Integer', min: 10, max: 20 }, '21')).toBe(FIELD_MESSAGES.numberMax(20));
  });

  it('IntegerPosNeg: whole, either sign', () => {
    expect(problem({ kind: 'IntegerPosNeg' }, '-42')).toBeUndefined();
    expect(problem({ kind: 'IntegerPosNeg' }, '-2147483649')).toBe(FIELD_MESSAGES.numberMin('-2147483648'));
    expect(problem({ kind: 'IntegerPosNeg' }, '1e3')).toBe(FIELD_MESSAGES.notANumber);
  });

  it('IntegerDecimal and IntegerDecimalPos: decimals, the second not negative', () => {
    expect(problem({ kind: 'IntegerDecimal' }, '-3.25')).toBeUndefined();
    expect(problem({ kind: 'IntegerDecimal' }, '3,25')).toBe(FIELD_MESSAGES.notANumber);
    expect(problem({ kind: 'IntegerDecimalPos' }, '3.25')).toBeUndefined();
    expect(problem({ kind: 'IntegerDecimalPos' }, '-0.5')).toBe(FIELD_MESSAGES.notNegative);
    expect(problem({ kind: 'IntegerDecimalPos', max: 1 }, '1.5')).toBe(FIELD_MESSAGES.numberMax(1));
  });

  it('Long: 64-bit whole numbers, exact past 2^53', () => {
    expect(problem({ kind: 'Long' }, '9223372036854775807')).toBeUndefined();
    expect(problem({ kind: 'Long' }, '9223372036854775808')).toBe(
      FIELD_MESSAGES.numberMax('9223372036854775807'),
    );
    expect(problem({ kind: 'Long' }, '-9223372036854775809')).toBe(
      FIELD_MESSAGES.numberMin('-9223372036854775808'),
    );
  });

  it('AssetReference: an asset ID that is a number and exists (when the server knows)', () => {
    expect(problem({ kind: 'AssetReference' }, '12')).toBeUndefined();
    expect(problem({ kind: 'AssetReference' }, 'twelve')).toBe(FIELD_MESSAGES.assetReference);
    expect(problem({ kind: 'AssetReference' }, '0')).toBe(FIELD_MESSAGES.assetReference);
    expect(problem({ kind: 'AssetReference' }, '12', { assetExists: (id) => id === 13 })).toBe(
      FIELD_MESSAGES.assetReference,
    );
  });

  it('SuggestDictionary takes any term; ForceDictionary only a word of its dictionary', () => {
    const context: ValueContext = { inDictionary: (id, word) => id === 7 && word === 'harbour' };
    expect(problem({ kind: 'SuggestDictionary', dictionaryId: 7 }, 'anything', context)).toBeUndefined();
    expect(problem({ kind: 'SuggestDictionary', dictionaryId: 7 }, 'x'.repeat(129))).toBe(
      FIELD_MESSAGES.textMaxLength(128),
    );
    expect(problem({ kind: 'ForceDictionary', dictionaryId: 7 }, 'harbour', context)).toBeUndefined();
    expect(problem({ kind: 'ForceDictionary', dictionaryId: 7 }, 'harbor', context)).toBe(
      FIELD_MESSAGES.notInDictionary,
    );
  });

  it('is a zod schema that trims and reports the message', () => {
    const schema = fieldValueSchema(v({ kind: 'Integer', notEmpty: true }));
    expect(schema.parse(' 12 ')).toBe('12');
    const failed = schema.safeParse('');
    expect(failed.success).toBe(false);
    expect(failed.error?.issues[0]?.message).toBe(MESSAGES.requiredEmpty);
    expect(schema.safeParse('bad\u0000').error?.issues[0]?.message).toMatch(/cannot be stored/);
  });
});
