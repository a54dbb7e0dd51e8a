import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { MESSAGES } from '../../api/messages.ts';
import {
  RUNTIME_SETTING_NAMES,
  type RuntimeSetting,
  type RuntimeSettingName,
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
import type { DamServices } from '../services.ts';
import {
  deleteRuntimeSettings,
  RUNTIME_SETTINGS_CHANNEL,
  signalRuntimeSettings,
  storedRuntimeSettings,
  upsertRuntimeSettings,
} from './runtime-settings-queries.ts';

/** R-RUNTIME-SETTINGS: reads the stored settings and applies them to this server's config. */
export async function reloadRuntimeSettings(db: Kysely<Database>, config: DamConfig) {
  applyRuntimeSettings(config, await storedRuntimeSettings(db));
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
    reloadRuntimeSettings(db, config).catch((error: Error) =>
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
  const before = await storedRuntimeSettings(services.db);
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
  await services.db.transaction().execute(async (trx) => {
    const set = changes.flatMap(([name, value]) => (value === null ? [] : [{ name, value }]));
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
          changes.map(([name, value]) => [name, { from: before[name] ?? null, to: value }]),
        ),
      },
    });
    await signalRuntimeSettings(trx);
  });
  // This server applies it before answering; the others on the notification.
  await reloadRuntimeSettings(services.db, services.config);
  return listRuntimeSettings(services);
}
