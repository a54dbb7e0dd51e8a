import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages.ts';
import { passwordProblems } from './password-rule.ts';

const policy = { minLength: 10, symbols: 1, numbers: 2, upper: 1, lower: 1 };

describe('passwordProblems', () => {
  it('accepts a password that meets every count', () => {
    expect(passwordProblems('Correct-Horse42', policy)).toEqual([]);
  });
  it('says an empty password cannot be empty, and nothing else', () => {
    expect(passwordProblems('', policy)).toEqual([MESSAGES.passwordEmpty]);
  });
  it('lists every count that is missing', () => {
    expect(passwordProblems('short', policy)).toEqual([
      MESSAGES.passwordTooShort,
      'Passwords must contain at least 1 upper-case letter.',
      'Passwords must contain at least 2 numbers.',
      'Passwords must contain at least 1 symbol.',
    ]);
  });
  it('counts letters and digits beyond ASCII', () => {
    expect(passwordProblems('Ünïcødé-ß12', policy)).toEqual([]);
  });
  it('treats zero counts as no rule', () => {
    expect(
      passwordProblems('aaaaaaaaaa', { minLength: 10, symbols: 0, numbers: 0, upper: 0, lower: 0 }),
    ).toEqual([]);
  });
});
