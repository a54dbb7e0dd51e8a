import type { Migration } from 'kysely';
import * as accounts from './0001-accounts.ts';
import * as assets from './0002-assets.ts';
import * as uploadSessions from './0003-upload-sessions.ts';
import * as jobSchedules from './0004-job-schedules.ts';
import * as operationIntents from './0006-operation-intents.ts';
import * as loginThrottle from './0007-login-throttle.ts';
import * as nameSearch from './0010-name-search.ts';
import * as libraryEvents from './0011-library-events.ts';
import * as loadingDockPlacement from './0012-loading-dock-placement.ts';
import * as conversions from './0013-conversions.ts';
import * as platformSettings from './0014-platform-settings.ts';
import * as previewClipPreset from './0015-preview-clip-preset.ts';
import * as externalShares from './0016-external-shares.ts';
import * as feeds from './0017-feeds.ts';
import * as notifications from './0018-notifications.ts';
import * as downloadRequests from './0019-download-requests.ts';
import * as formsDictionaries from './0020-forms-dictionaries.ts';
import * as uploadScans from './0021-upload-scans.ts';
import * as portals from './0022-portals.ts';
import * as discussions from './0023-discussions.ts';
import * as videoTimeline from './0024-video-timeline.ts';
import * as workflows from './0025-workflows.ts';
import * as workspaces from './0026-workspaces.ts';
import * as uploadLocks from './0028-upload-locks.ts';
import * as portalBranding from './0029-portal-branding.ts';
import * as clipVersionExport from './0030-clip-version-export.ts';
import * as workflowModel from './0031-workflow-model.ts';
import * as metadataImports from './0032-metadata-imports.ts';
import * as remoteServers from './0033-remote-servers.ts';
import * as archive from './0034-archive.ts';
import * as portalRapid from './0037-portal-rapid.ts';
import * as mailTypesClipDock from './0038-mail-types-clip-dock.ts';
import * as stampRuns from './0039-stamp-runs.ts';
import * as themes from './0040-themes.ts';
import * as homeComponents from './0041-home-components.ts';
import * as sftpServers from './0042-sftp-servers.ts';
import * as uploadFileAssets from './0044-upload-file-assets.ts';
import * as workspaceUploadForm from './0045-workspace-upload-form.ts';

/** Every migration, in order. Names never change once released: the database records them. */
export const MIGRATIONS: Record<string, Migration> = {
  '0001-accounts': accounts,
  '0002-assets': assets,
  '0003-upload-sessions': uploadSessions,
  '0004-job-schedules': jobSchedules,
  '0006-operation-intents': operationIntents,
  '0007-login-throttle': loginThrottle,
  '0010-name-search': nameSearch,
  '0011-library-events': libraryEvents,
  '0012-loading-dock-placement': loadingDockPlacement,
  '0013-conversions': conversions,
  '0014-platform-settings': platformSettings,
  '0015-preview-clip-preset': previewClipPreset,
  '0016-external-shares': externalShares,
  '0017-feeds': feeds,
  '0018-notifications': notifications,
  '0019-download-requests': downloadRequests,
  '0020-forms-dictionaries': formsDictionaries,
  '0021-upload-scans': uploadScans,
  '0022-portals': portals,
  '0023-discussions': discussions,
  '0024-video-timeline': videoTimeline,
  '0025-workflows': workflows,
  '0026-workspaces': workspaces,
  '0028-upload-locks': uploadLocks,
  '0029-portal-branding': portalBranding,
  '0030-clip-version-export': clipVersionExport,
  '0031-workflow-model': workflowModel,
  '0032-metadata-imports': metadataImports,
  '0033-remote-servers': remoteServers,
  '0034-archive': archive,
  '0037-portal-rapid': portalRapid,
  '0038-mail-types-clip-dock': mailTypesClipDock,
  '0039-stamp-runs': stampRuns,
  '0040-themes': themes,
  '0041-home-components': homeComponents,
  '0042-sftp-servers': sftpServers,
  '0044-upload-file-assets': uploadFileAssets,
  '0045-workspace-upload-form': workspaceUploadForm,
};
