import type * as z from 'zod/v4/mini';

/** One line per problem, with its path: what a developer reads in an `Invalid request` user message. */
export function describeIssues(error: z.core.$ZodError): string {
  return error.issues
    .map((issue) => (issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message))
    .join('; ');
}
