import type { Kysely } from 'kysely';
import type { z } from 'zod';
import {
  DEFAULT_PLATFORM_SETTINGS,
  PLATFORM_SETTING_NAMES,
  type PlatformSettingKey,
  type PlatformSettings,
  type savePlatformSettingsSchema,
} from '../../api/platform-settings.ts';
import type { PathTranslationSettings } from '../../api/transfer-paths.ts';
import type { Principal } from '../access/principal.ts';
import { audit } from '../audit/audit.ts';
import { assertNotConfiguredByAnother } from '../configuration-lease/lease-service.ts';
import type { Acl, Database } from '../db/schema.ts';
import type { DamServices } from '../services.ts';
import { settingRows, upsertSettings } from './platform-settings-queries.ts';

export { isSeamless, loadingDockFolderName } from '../../api/platform-settings.ts';

const KEYS = Object.keys(PLATFORM_SETTING_NAMES) as PlatformSettingKey[];

const encode = (key: PlatformSettingKey, settings: PlatformSettings) => String(settings[key]);

function decode(rows: { name: string; value: string }[]): PlatformSettings {
  const stored = new Map(rows.map((row) => [row.name, row.value]));
  const text = (key: PlatformSettingKey) => stored.get(PLATFORM_SETTING_NAMES[key]);
  return {
    prefixWorkFolders:
      text('prefixWorkFolders') === undefined
        ? DEFAULT_PLATFORM_SETTINGS.prefixWorkFolders
        : text('prefixWorkFolders') === 'true',
    asperaSeamless: text('asperaSeamless') ?? DEFAULT_PLATFORM_SETTINGS.asperaSeamless,
    workspaceId: text('workspaceId') ?? DEFAULT_PLATFORM_SETTINGS.workspaceId,
  };
}

/**
 * R-PLATFORM-SETTINGS: the stored platform settings, defaults for those nobody changed. Read per request (one small
 * query), so a change by an administrator holds at once on every server of a cluster.
 */
export async function readPlatformSettings(db: Kysely<Database>): Promise<PlatformSettings> {
  return decode(await settingRows(db));
}

export async function savePlatformSettings(
  services: DamServices,
  principal: Principal,
  body: z.output<typeof savePlatformSettingsSchema>,
  ip: string,
): Promise<PlatformSettings> {
  await assertNotConfiguredByAnother(services, principal, 'global');
  await services.db.transaction().execute(async (trx) => {
    await upsertSettings(
      trx,
      KEYS.map((key) => ({ name: PLATFORM_SETTING_NAMES[key], value: encode(key, body) })),
    );
    await audit(trx, {
      actorId: principal.user.id,
      event: 'platform_settings_saved',
      target: null,
      ip,
      details: body,
    });
  });
  return readPlatformSettings(services.db);
}

/**
 * R-ACL-RELATIVE-PATH, read in this one place: the current ACL's relative path permission, relative to the storage
 * root without a trailing slash; undefined when the ACL does not hold it (no accelerated transfer starts then).
 */
export function relativePathOf(acl: Pick<Acl, 'root_path' | 'relative_path_held' | 'relative_path'> | null) {
  if (!acl?.relative_path_held) return undefined;
  return (acl.relative_path ?? acl.root_path).replace(/^\/+|\/+$/g, '');
}

/** R-PLATFORM-SETTINGS: the user name the transfer flows put in the cookie and the node's tags. */
export const transferUserName = (principal: Principal) => principal.user.username;

/** What R-TRANSFER-PATH path translation reads for this principal, now. */
export async function pathTranslationSettings(
  services: DamServices,
  principal: Principal,
): Promise<PathTranslationSettings> {
  const settings = await readPlatformSettings(services.db);
  return {
    relativePath: relativePathOf(principal.acl),
    prefixWorkFolders: settings.prefixWorkFolders,
  };
}
