import { adminAclRoutes } from '../admin/acl-routes.ts';
import { adminAuditRoutes } from '../admin/audit-routes.ts';
import { adminGroupRoutes } from '../admin/group-routes.ts';
import { adminUserRoutes } from '../admin/user-routes.ts';
import { quarantineRoutes } from '../antivirus/quarantine-routes.ts';
// issue 30, archive
import { archiveRoutes } from '../archive/archive-routes.ts';
import { assetRoutes } from '../assets/asset-routes.ts';
import { bulkRoutes } from '../assets/bulk-routes.ts';
import { printRoutes } from '../assets/print-routes.ts';
import { reconcileRoutes } from '../assets/reconcile-routes.ts';
import { accountRoutes } from '../auth/account-routes.ts';
import { apiKeyRoutes } from '../auth/api-key-routes.ts';
import { invitationRoutes } from '../auth/invitation-routes.ts';
import { passwordRoutes } from '../auth/password-routes.ts';
import { sessionRoutes } from '../auth/session-routes.ts';
import { configurationLeaseRoutes } from '../configuration-lease/lease-routes.ts';
import { conversionRoutes } from '../conversions/conversion-routes.ts';
import { presetRoutes } from '../conversions/preset-routes.ts';
import { dictionaryRoutes } from '../dictionaries/dictionary-routes.ts';
import { discussionRoutes } from '../discussions/discussion-routes.ts';
import { standardDownloadRoutes } from '../downloads/standard-download-routes.ts';
import { driveRoutes } from '../drive/drive-routes.ts';
import { feedRoutes } from '../feeds/feed-routes.ts';
import { folderRoutes } from '../folders/folder-routes.ts';
import { formRoutes } from '../forms/form-routes.ts';
import { healthRoutes } from '../health/health-routes.ts';
import { homeRoutes } from '../home/home-routes.ts';
import { eventsRoutes } from '../live/events-route.ts';
import { loadingDockRoutes } from '../loading-dock/loading-dock-routes.ts';
import { metadataIoRoutes } from '../metadata-io/metadata-io-routes.ts';
import { notificationRoutes } from '../notifications/notification-routes.ts';
import { platformSettingsRoutes } from '../platform-settings/platform-settings-routes.ts';
import { portalRoutes } from '../portals/portal-routes.ts';
import { remoteServerRoutes } from '../remote-servers/remote-server-routes.ts';
import { requestRoutes } from '../requests/request-routes.ts';
import { runtimeSettingsRoutes } from '../runtime-settings/runtime-settings-routes.ts';
import { calendarRoutes } from '../search/calendar-route.ts';
import { searchRoutes } from '../search/search-routes.ts';
import { shareRoutes } from '../shares/share-routes.ts';
import { stampRoutes } from '../stamps/stamp-routes.ts';
import { statisticsRoutes } from '../statistics/statistics-routes.ts';
import { statusRoutes } from '../status/status-routes.ts';
import { taskRoutes } from '../tasks/task-routes.ts';
import { themeRoutes } from '../themes/theme-routes.ts';
import { nodeCredentialsRoutes } from '../transfers/node-credentials-route.ts';
import { nodeReadRoutes } from '../transfers/node-read-route.ts';
import { preTransferRoutes } from '../transfers/pre-transfer-route.ts';
import { uploadActionRoutes } from '../transfers/upload-action-routes.ts';
import { versionRoutes } from '../versions/version-routes.ts';
import { timelineRoutes } from '../video-timeline/timeline-routes.ts';
import { workflowRoutes } from '../workflows/workflow-routes.ts';
import { bundleRoutes } from '../working-sets/bundle-routes.ts';
import { cartRoutes } from '../working-sets/cart-routes.ts';
import { collectionRoutes } from '../working-sets/collection-routes.ts';
import { workspaceRoutes } from '../workspaces/workspace-routes.ts';
import type { RouteDefinition } from './bind-endpoint.ts';

/** Every route of `/api/v1`, in the order the reference page lists them. */
export const API_ROUTES: RouteDefinition[] = [
  ...healthRoutes,
  ...eventsRoutes,
  ...sessionRoutes,
  ...passwordRoutes,
  ...accountRoutes,
  ...apiKeyRoutes,
  ...preTransferRoutes,
  ...nodeCredentialsRoutes,
  ...nodeReadRoutes,
  ...uploadActionRoutes,
  ...standardDownloadRoutes,
  ...invitationRoutes,
  ...adminUserRoutes,
  ...adminGroupRoutes,
  ...adminAclRoutes,
  ...adminAuditRoutes,
  ...platformSettingsRoutes,
  ...folderRoutes,
  ...assetRoutes,
  ...bulkRoutes,
  ...printRoutes,
  ...reconcileRoutes,
  ...searchRoutes,
  ...calendarRoutes,
  ...versionRoutes,
  ...collectionRoutes,
  ...bundleRoutes,
  ...cartRoutes,
  ...loadingDockRoutes,
  ...driveRoutes,
  ...presetRoutes,
  ...conversionRoutes,
  ...feedRoutes,
  ...statusRoutes,
  ...shareRoutes,
  ...notificationRoutes,
  ...taskRoutes,
  ...dictionaryRoutes,
  ...formRoutes,
  ...requestRoutes,
  ...timelineRoutes,
  ...portalRoutes,
  ...workflowRoutes,
  ...stampRoutes,
  // issue 30, ops
  ...statisticsRoutes,
  ...workspaceRoutes,
  ...archiveRoutes,
  ...discussionRoutes,
  // issue 29, metadata import and export
  ...metadataIoRoutes,
  // issue 30, remote servers
  ...remoteServerRoutes,
  ...configurationLeaseRoutes,
  ...quarantineRoutes,
  // issue 30, remote configuration
  ...runtimeSettingsRoutes,
  // issue 30, Home
  ...homeRoutes,
  // issue 30, themes
  ...themeRoutes,
];
