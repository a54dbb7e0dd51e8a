import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { MESSAGES } from '../../api/messages.ts';
import {
  RUNTIME_SETTING_NAMES,
  type RuntimeSetting,
  type RuntimeSettingName,
  SECRET_SETTING_NAMES,
  type saveRuntimeSettingsSchema,
} from '../../api/runtime-settings.ts';
import type { Principal } from '../access/principal.ts';
import { ApiError } from '../api/api-error.ts';
import { audit } from '../audit/audit.ts';
import type { DamConfig } from '../config/config.ts';
import {
  applyRuntimeSettings,
  runtimeSettingProblems,
  runtimeSettingValues,
} from '../config/runtime-settings.ts';
import { assertNotConfiguredByAnother } from '../configuration-lease/lease-service.ts';
import type { Unlisten } from '../db/open-database.ts';
import type { Database } from '../db/schema.ts';
import type { Logger } from '../log.ts';
import { open, passwordKey, seal } from '../remote-servers/secret-box.ts';
import type { DamServices } from '../services.ts';
import {
  deleteRuntimeSettings,
  RUNTIME_SETTINGS_CHANNEL,
  signalRuntimeSettings,
  storedRuntimeSettings,
  upsertRuntimeSettings,
} from './runtime-settings-queries.ts';

type Stored = Partial<Record<RuntimeSettingName, string>>;

const secretKey = (config: DamConfig) => passwordKey(config, 'runtime-setting-secret');
const isSecret = (name: RuntimeSettingName) => SECRET_SETTING_NAMES.includes(name);

/** R-RUNTIME-SMTP: the stored settings with their secrets opened (a box that cannot be opened is left out). */
async function openedRuntimeSettings(db: Kysely<Database>, config: DamConfig, log?: Logger): Promise<Stored> {
  const stored = await storedRuntimeSettings(db);
  const secrets = SECRET_SETTING_NAMES.filter((name) => stored[name] !== undefined);
  if (secrets.length === 0) return stored;
  const key = await secretKey(config);
  for (const name of secrets) {
    try {
      stored[name] = open(key, stored[name] as string);
    } catch (error) {
      log?.warn('runtime_settings.secret_unreadable', { name, error: (error as Error).message });
      delete stored[name];
    }
  }
  return stored;
}

/** R-RUNTIME-SETTINGS: reads the stored settings and applies them to this server's config. */
export async function reloadRuntimeSettings(db: Kysely<Database>, config: DamConfig, log?: Logger) {
  applyRuntimeSettings(config, await openedRuntimeSettings(db, config, log));
}

/**
 * Every server listens: a save on any of them (or a NOTIFY by hand after an edit in SQL) makes each reload. On PGlite
 * the one process is its own listener.
 */
export function listenForRuntimeSettings(
  db: Kysely<Database>,
  config: DamConfig,
  log: Logger,
  listen: (channel: string, onPayload: (payload: string) => void) => Promise<Unlisten>,
) {
  return listen(RUNTIME_SETTINGS_CHANNEL, () => {
    reloadRuntimeSettings(db, config, log).catch((error: Error) =>
      log.warn('runtime_settings.reload_failed', { error: error.message }),
    );
  });
}

export async function listRuntimeSettings(services: DamServices): Promise<{ settings: RuntimeSetting[] }> {
  const stored = await storedRuntimeSettings(services.db);
  const values = runtimeSettingValues(services.config, stored);
  return {
    settings: RUNTIME_SETTING_NAMES.map((name) => ({
      name,
      value: values[name],
      pinned: services.config.pinned[name] !== undefined,
      stored: stored[name] !== undefined,
    })),
  };
}

export async function saveRuntimeSettings(
  services: DamServices,
  principal: Principal,
  body: z.output<typeof saveRuntimeSettingsSchema>,
  ip: string,
) {
  await assertNotConfiguredByAnother(services, principal, 'global');
  const changes = Object.entries(body.values) as [RuntimeSettingName, string | null][];
  const pinned = changes.find(([name]) => services.config.pinned[name] !== undefined);
  if (pinned)
    throw new ApiError(409, 'setting_pinned', MESSAGES.settingPinned, `${pinned[0]} is pinned`, {
      fields: { [pinned[0]]: MESSAGES.settingPinned },
    });
  const before = await openedRuntimeSettings(services.db, services.config, services.log);
  const after = { ...before };
  for (const [name, value] of changes) {
    if (value === null) delete after[name];
    else after[name] = value;
  }
  const problems = runtimeSettingProblems(services.config, after);
  if (problems.length)
    throw new ApiError(
      400,
      'invalid_input',
      MESSAGES.settingInvalid,
      problems.map((problem) => `${problem.name} ${problem.message}`).join('; '),
      { fields: Object.fromEntries(problems.map((problem) => [problem.name, MESSAGES.settingInvalid])) },
    );
  const key = changes.some(([name, value]) => isSecret(name) && value !== null)
    ? await secretKey(services.config)
    : undefined;
  // R-RUNTIME-SMTP: a secret is sealed at rest and audited as changed, never by its value.
  const audited = (name: RuntimeSettingName, value: string | null | undefined) =>
    value === undefined || value === null ? null : isSecret(name) ? '(secret)' : value;
  await services.db.transaction().execute(async (trx) => {
    const set = changes.flatMap(([name, value]) =>
      value === null ? [] : [{ name, value: key && isSecret(name) ? seal(key, value) : value }],
    );
    const cleared = changes.flatMap(([name, value]) => (value === null ? [name] : []));
    if (set.length) await upsertRuntimeSettings(trx, set);
    if (cleared.length) await deleteRuntimeSettings(trx, cleared);
    await audit(trx, {
      actorId: principal.user.id,
      event: 'runtime_settings_saved',
      target: null,
      ip,
      details: {
        changes: Object.fromEntries(
          changes.map(([name, value]) => [
            name,
            { from: audited(name, before[name]), to: audited(name, value) },
          ]),
        ),
      },
    });
    await signalRuntimeSettings(trx);
  });
  // This server applies it before answering; the others on the notification.
  await reloadRuntimeSettings(services.db, services.config, services.log);
  return listRuntimeSettings(services);
}
