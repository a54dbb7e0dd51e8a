import { z } from 'zod';
import { dbString } from './db-safe.ts';

/** The names the product gives the platform settings it reads (R-PLATFORM-SETTINGS); they are also the stored keys. */
export const PLATFORM_SETTING_NAMES = {
  prefixWorkFolders: 'mb.prefix.work.folders',
  asperaSeamless: 'mb.aspera.seamless',
  workspaceId: 'mb.workspace.id',
} as const;
export type PlatformSettingKey = keyof typeof PLATFORM_SETTING_NAMES;

/** The platform settings of R-PLATFORM-SETTINGS an administrator changes (the ACL's relative path is per ACL). */
export const platformSettingsSchema = z
  .object({
    /** `mb.prefix.work.folders`: work folders, the loading dock among them, carry the `~$` prefix. */
    prefixWorkFolders: z.boolean(),
    /** `mb.aspera.seamless`: "true" is on, anything else off (R-ASPERA-SEAMLESS). */
    asperaSeamless: z.string(),
    /** The workspace the pages of this site belong to; the pre-transfer handler checks the page's against it. */
    workspaceId: z.string(),
  })
  .meta({ id: 'PlatformSettings' });
export type PlatformSettings = z.infer<typeof platformSettingsSchema>;

export const savePlatformSettingsSchema = z.strictObject({
  prefixWorkFolders: z.boolean(),
  asperaSeamless: dbString().trim().max(100),
  workspaceId: dbString()
    .trim()
    .min(1)
    .max(200)
    .regex(/^[\w.-]+$/, 'A workspace id is letters, digits, ".", "-" or "_".'),
});

/** What a DAM reads before an administrator changed anything: today's behaviour. */
export const DEFAULT_PLATFORM_SETTINGS: PlatformSettings = {
  prefixWorkFolders: false,
  asperaSeamless: 'false',
  workspaceId: '1',
};

/** The loading dock's folder, before the work-folder prefix. */
export const LOADING_DOCK_FOLDER = 'LoadingDock';
/** The prefix work folders carry when `mb.prefix.work.folders` is on. */
export const WORK_FOLDER_PREFIX = '~$';

/**
 * R-PLATFORM-SETTINGS `mb.prefix.work.folders`, read in this one place: the loading dock's folder name, `~$LoadingDock`
 * when work-folder prefixing is on, else `LoadingDock`.
 */
export function loadingDockFolderName(settings: Pick<PlatformSettings, 'prefixWorkFolders'>): string {
  return settings.prefixWorkFolders ? `${WORK_FOLDER_PREFIX}${LOADING_DOCK_FOLDER}` : LOADING_DOCK_FOLDER;
}

/** R-ASPERA-SEAMLESS `mb.aspera.seamless`, read in this one place: exactly "true" is on, anything else off. */
export function isSeamless(settings: Pick<PlatformSettings, 'asperaSeamless'>): boolean {
  return settings.asperaSeamless === 'true';
}
