import * as z from 'zod/v4/mini';
import './zod-config.ts';

/** `GET /connect/info/version` answer. */
export const versionInfo = z.object({ version: z.string(), system_wide: z.boolean() });
export type VersionInfo = z.infer<typeof versionInfo>;
