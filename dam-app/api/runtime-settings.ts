import { z } from 'zod';

/**
 * R-RUNTIME-SETTINGS: the environment variables an administrator may change while the DAM runs, stored (under these
 * names) and applied to every server without a restart. The DAM's own address and ports, DAM_HOME, the database and
 * its secret stay in the environment. `kind` says how the screen edits one: a whole number, on/off, one of `choices`,
 * a text, or a secret (R-RUNTIME-SMTP: sealed at rest, never answered).
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
  // R-RUNTIME-SMTP, R-RUNTIME-UPLOAD-SIZE (issue 30)
  DAM_SMTP_HOST: { kind: 'text' },
  DAM_SMTP_PORT: { kind: 'number' },
  DAM_SMTP_TLS: { kind: 'flag' },
  DAM_SMTP_USER: { kind: 'text' },
  DAM_SMTP_PASSWORD: { kind: 'secret' },
  MAIL_FROM: { kind: 'text' },
  DAM_MAX_UPLOAD_BYTES: { kind: 'number' },
} as const satisfies Record<
  string,
  { kind: 'number' | 'flag' | 'choice' | 'text' | 'secret'; choices?: readonly string[] }
>;
export type RuntimeSettingName = keyof typeof RUNTIME_SETTINGS;
export const RUNTIME_SETTING_NAMES = Object.keys(RUNTIME_SETTINGS) as RuntimeSettingName[];
/** R-RUNTIME-SMTP: the settings sealed at rest and answered as '' (with `stored`/`pinned` saying one is set). */
export const SECRET_SETTING_NAMES = RUNTIME_SETTING_NAMES.filter(
  (name) => RUNTIME_SETTINGS[name].kind === 'secret',
);

export const runtimeSettingSchema = z
  .object({
    name: z.enum(RUNTIME_SETTING_NAMES),
    /** What the servers apply now, as the environment would spell it; '' for a secret, set or not. */
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
  values: z.partialRecord(z.enum(RUNTIME_SETTING_NAMES), z.string().trim().max(200).nullable()),
});
