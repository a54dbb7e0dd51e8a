import type { z } from 'zod';

export type FieldErrors = Record<string, string>;

/**
 * The first message of each field a zod error names, keyed by its path joined with dots (`profile.email`): the same
 * keys the server uses in `error.fields`, so one lookup finds either.
 */
export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) errors[issue.path.join('.') || '_'] ??= issue.message;
  return errors;
}
