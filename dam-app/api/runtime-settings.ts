import { z } from 'zod';

/**
 * R-RUNTIME-SETTINGS: the environment variables an administrator may change while the DAM runs, stored (under these
 * names) and applied to every server without a restart. Addresses, ports, DAM_HOME and secrets stay in the environment.
 * `kind` says how the screen edits one: a whole number, on/off, or one of `choices`.
 */
export const RUNTIME_SETTINGS = {
  DAM_SESSION_IDLE_MINUTES: { kind: 'number' },
  DAM_LICENSE_USERS: { kind: 'number' },
  DAM_PASSWORD_MIN_LENGTH: { kind: 'number' },
  DAM_PASSWORD_MIN_SYMBOLS: { kind: 'number' },
  DAM_PASSWORD_MIN_NUMBERS: { kind: 'number' },
  DAM_PASSWORD_MIN_UPPER: { kind: 'number' },
  DAM_PASSWORD_MIN_LOWER: { kind: 'number' },
  DAM_ALLOW_UPLOAD: { kind: 'flag' },
  DAM_ALLOW_DOWNLOAD: { kind: 'flag' },
  DAM_SHARE_MAX_DAYS: { kind: 'number' },
  DAM_LOADING_DOCK_QUOTA_MB: { kind: 'number' },
  DAM_DISK_MIN_FREE_MB: { kind: 'number' },
  DAM_METRICS: { kind: 'choice', choices: ['admin', 'public'] },
  DAM_ANTIVIRUS: { kind: 'flag' },
} as const satisfies Record<string, { kind: 'number' | 'flag' | 'choice'; choices?: readonly string[] }>;
export type RuntimeSettingName = keyof typeof RUNTIME_SETTINGS;
export const RUNTIME_SETTING_NAMES = Object.keys(RUNTIME_SETTINGS) as RuntimeSettingName[];

export const runtimeSettingSchema = z
  .object({
    name: z.enum(RUNTIME_SETTING_NAMES),
    /** What the servers apply now, as the environment would spell it. */
    value: z.string(),
    /** Set in the environment: that value holds and the screen cannot change it. */
    pinned: z.boolean(),
    /** An administrator stored a value (false: the default, or the environment's when pinned). */
    stored: z.boolean(),
  })
  .meta({ id: 'RuntimeSetting' });
export type RuntimeSetting = z.infer<typeof runtimeSettingSchema>;

export const runtimeSettingsSchema = z.object({ settings: z.array(runtimeSettingSchema) });

/** The settings to change: a value as the environment would spell it, or null to go back to the default. */
export const saveRuntimeSettingsSchema = z.strictObject({
  values: z.partialRecord(z.enum(RUNTIME_SETTING_NAMES), z.string().trim().max(100).nullable()),
});
