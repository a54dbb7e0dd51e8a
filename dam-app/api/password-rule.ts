import { MESSAGES, passwordRuleMessage } from './messages.ts';

export interface PasswordPolicy {
  minLength: number;
  symbols: number;
  numbers: number;
  upper: number;
  lower: number;
}

/** Every R-PASSWORD-POLICY rule a new password breaks, in the order a person fixes them; empty when it is acceptable. */
export function passwordProblems(password: string, policy: PasswordPolicy): string[] {
  if (password === '') return [MESSAGES.passwordEmpty];
  const problems: string[] = [];
  if ([...password].length < policy.minLength) problems.push(MESSAGES.passwordTooShort);
  const count = (pattern: RegExp) => (password.match(pattern) ?? []).length;
  if (count(/\p{Lu}/gu) < policy.upper) problems.push(passwordRuleMessage.upper(policy.upper));
  if (count(/\p{Ll}/gu) < policy.lower) problems.push(passwordRuleMessage.lower(policy.lower));
  if (count(/\p{Nd}/gu) < policy.numbers) problems.push(passwordRuleMessage.numbers(policy.numbers));
  if (count(/[^\p{L}\p{Nd}\s]/gu) < policy.symbols)
    problems.push(passwordRuleMessage.symbols(policy.symbols));
  return problems;
}
