import { describe, expect, it } from 'vitest';
import { changePasswordSchema, createAccountSchema, loginSchema } from '../../../api/accounts.ts';
import { MESSAGES } from '../../../api/messages.ts';
import { fieldErrorsOf } from './field-errors.ts';

const errorsOf = (schema: { safeParse(input: unknown): { error?: unknown } }, input: unknown) =>
  fieldErrorsOf(schema.safeParse(input).error as Parameters<typeof fieldErrorsOf>[0]);

describe('fieldErrorsOf with the shared schemas', () => {
  it('keys the R-FIELD-MESSAGES texts by field, as the server keys its fields', () => {
    expect(errorsOf(loginSchema, { password: '' })).toEqual({
      username: MESSAGES.usernameOrEmail,
      password: MESSAGES.passwordEmpty,
    });
    expect(
      errorsOf(createAccountSchema, {
        username: '',
        password: 'a',
        confirm: 'b',
        profile: { email: 'ada.example.com', phone: 'x' },
      }),
    ).toEqual({
      username: MESSAGES.usernameBlank,
      'profile.email': MESSAGES.emailMissingAt,
      'profile.phone': MESSAGES.phoneCharacters,
      confirm: MESSAGES.passwordsDoNotMatch,
    });
  });

  it('keeps the first message of a field', () => {
    expect(
      errorsOf(changePasswordSchema, { oldPassword: 'same', password: 'same', confirm: 'other' }),
    ).toEqual({
      password: MESSAGES.oldAndNewSame,
      confirm: MESSAGES.passwordsDoNotMatch,
    });
  });
});
