import { z } from 'zod';

/** Every API error: a stable code, a message for logs and developers, and the text a person is shown. */
export const apiErrorSchema = z
  .object({
    error: z.object({
      code: z.string(),
      message: z.string(),
      user_message: z.string(),
      /** For invalid input: the message for each field, keyed by its path (`password`, `profile.phone`). */
      fields: z.record(z.string(), z.string()).optional(),
      /** Extra facts a screen can act on (the ACLs to switch to when a root path is missing, …). */
      details: z.record(z.string(), z.unknown()).optional(),
    }),
  })
  .meta({ id: 'ApiError' });
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;
