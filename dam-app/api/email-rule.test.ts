import { describe, expect, it } from 'vitest';
import { emailProblem } from './email-rule.ts';
import { MESSAGES } from './messages.ts';

describe('emailProblem', () => {
  it.each([
    ['ada@example.com', undefined],
    ['ada.lovelace+dam@mail.example.co.uk', undefined],
    ['ada.example.com', MESSAGES.emailMissingAt],
    ['ada@@example.com', MESSAGES.emailManyAt],
    ['a@b@example.com', MESSAGES.emailManyAt],
    ['@example.com', MESSAGES.emailNoUser],
    ['ada@', MESSAGES.emailNoServer],
    ['ada lovelace@example.com', MESSAGES.emailFormat],
    ['.ada@example.com', MESSAGES.emailFormat],
    ['ada@localhost', MESSAGES.emailInvalid],
    ['ada@exa_mple.com', MESSAGES.emailInvalid],
    ['ada@-example.com', MESSAGES.emailInvalid],
  ])('%s → %s', (email, message) => {
    expect(emailProblem(email)).toBe(message);
  });
});
