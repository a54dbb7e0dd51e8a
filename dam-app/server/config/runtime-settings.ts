import {
  RUNTIME_SETTING_NAMES,
  type RuntimeSettingName,
  SECRET_SETTING_NAMES,
} from '../../api/runtime-settings.ts';
import { type DamConfig, loadConfig } from './config.ts';

/** The fields of DamConfig the runtime settings decide; everything else is read once, at start. */
const RUNTIME_FIELDS = [
  'sessionIdleMinutes',
  'licenseUsers',
  'passwordPolicy',
  'allowUpload',
  'allowDownload',
  'shareMaxDays',
  'loadingDockQuotaBytes',
  'diskMinFreeBytes',
  'metrics',
  'antivirus',
  'smtp',
  'mailFrom',
  'maxUploadBytes',
] as const satisfies readonly (keyof DamConfig)[];

/**
 * R-RUNTIME-SETTINGS: what the servers apply, as the environment spells it: the environment's value (pinned), else
 * the stored one, else the default. Parsed by the environment's own schema, so a stored value obeys the same limits.
 */
function effectiveConfig(config: DamConfig, stored: Partial<Record<RuntimeSettingName, string>>) {
  return loadConfig({ ...stored, ...config.pinned });
}

/** The problems of these stored values, one line per bad setting (empty: all fine). */
export function runtimeSettingProblems(
  config: DamConfig,
  stored: Partial<Record<RuntimeSettingName, string>>,
): { name: string; message: string }[] {
  try {
    effectiveConfig(config, stored);
    return [];
  } catch (error) {
    const problems = (error as { problems?: string[] }).problems;
    if (!problems) throw error;
    return problems.map((line) => {
      const [name = '', ...rest] = line.split(' ');
      return { name, message: rest.join(' ') };
    });
  }
}

/**
 * Applies the stored values to this server's config in place: every part of the server holds that one object and
 * reads these fields per request, so the change holds from the next request on.
 */
export function applyRuntimeSettings(config: DamConfig, stored: Partial<Record<RuntimeSettingName, string>>) {
  const next = effectiveConfig(config, stored);
  for (const field of RUNTIME_FIELDS) Object.assign(config, { [field]: next[field] });
}

/** Each runtime setting's value now, as the environment would spell it (the stored text, else the default's). */
export function runtimeSettingValues(
  config: DamConfig,
  stored: Partial<Record<RuntimeSettingName, string>>,
): Record<RuntimeSettingName, string> {
  const effective = { ...stored, ...config.pinned };
  const defaults = loadConfig({});
  const byDefault: Record<RuntimeSettingName, string> = {
    DAM_SESSION_IDLE_MINUTES: String(defaults.sessionIdleMinutes),
    DAM_LICENSE_USERS: String(defaults.licenseUsers),
    DAM_PASSWORD_MIN_LENGTH: String(defaults.passwordPolicy.minLength),
    DAM_PASSWORD_MIN_SYMBOLS: String(defaults.passwordPolicy.symbols),
    DAM_PASSWORD_MIN_NUMBERS: String(defaults.passwordPolicy.numbers),
    DAM_PASSWORD_MIN_UPPER: String(defaults.passwordPolicy.upper),
    DAM_PASSWORD_MIN_LOWER: String(defaults.passwordPolicy.lower),
    DAM_ALLOW_UPLOAD: String(defaults.allowUpload),
    DAM_ALLOW_DOWNLOAD: String(defaults.allowDownload),
    DAM_SHARE_MAX_DAYS: String(defaults.shareMaxDays),
    DAM_LOADING_DOCK_QUOTA_MB: String(defaults.loadingDockQuotaBytes / 1024 ** 2),
    DAM_DISK_MIN_FREE_MB: String(defaults.diskMinFreeBytes / 1024 ** 2),
    DAM_METRICS: defaults.metrics,
    DAM_ANTIVIRUS: String(defaults.antivirus),
    DAM_SMTP_HOST: '',
    DAM_SMTP_PORT: '25',
    DAM_SMTP_TLS: 'false',
    DAM_SMTP_USER: '',
    DAM_SMTP_PASSWORD: '',
    MAIL_FROM: defaults.mailFrom,
    DAM_MAX_UPLOAD_BYTES: String(defaults.maxUploadBytes),
  };
  // R-RUNTIME-SMTP: a secret is never answered, set or not.
  return Object.fromEntries(
    RUNTIME_SETTING_NAMES.map((name) => [
      name,
      SECRET_SETTING_NAMES.includes(name) ? '' : (effective[name] ?? byDefault[name]),
    ]),
  ) as Record<RuntimeSettingName, string>;
}
