/** `ConnectInstaller.EVENT`: frame → page events (connect-protocol.md §13.3). */
export const INSTALLER_EVENT = {
  DOWNLOAD_CONNECT: 'downloadconnect',
  REFRESH_PAGE: 'refresh',
  IFRAME_REMOVED: 'removeiframe',
  IFRAME_LOADED: 'iframeloaded',
  TROUBLESHOOT: 'troubleshoot',
  CONTINUE: 'continue',
  RESIZE: 'px',
  RETRY: 'retry',
  EXTENSION_INSTALL: 'extension_install',
  DOWNLOAD_EXTENSION: 'download_extension',
} as const;
export type InstallerEvent = (typeof INSTALLER_EVENT)[keyof typeof INSTALLER_EVENT];

/** `ConnectInstaller.ACTIVITY_EVENT`: what the visitor did in the banner, for analytics (§14.3). */
export const ACTIVITY_EVENT = {
  CONNECT_BAR_VISIBLE: 'connect_bar_visible',
  CONNECT_BAR_REMOVED: 'connect_bar_removed',
  CLICKED_INSTALL_EXTENSION: 'clicked_install_extension',
  CLICKED_ENABLE_EXTENSION: 'clicked_enable_extension',
  CLICKED_INSTALL_ADDON: 'clicked_install_addon',
  CLICKED_DOWNLOAD_APP: 'clicked_download_app',
  CLICKED_INSTALL_APP: 'clicked_install_app',
  CLICKED_TROUBLESHOOT: 'clicked_troubleshoot',
  CLICKED_DOWNLOAD_INDICATOR: 'clicked_download_indicator',
  DOWNLOAD_INDICATOR_VISIBLE: 'download_indicator_visible',
  CLICKED_HOW_LINK: 'clicked_how_link',
  MITIGATE_WITH_TAB: 'mitigate_with_tab',
} as const;
export type ActivityEvent = (typeof ACTIVITY_EVENT)[keyof typeof ACTIVITY_EVENT];

export const EVENT_TYPE = { CONNECT_BAR_EVENT: 'connect_bar_event' } as const;

/** Dialog kinds the frame shows (connect-bridge.md §2). */
export type DialogKind =
  | 'launching'
  | 'download'
  | 'install'
  | 'update'
  | 'continue'
  | 'retry'
  | 'extension_install'
  | 'unsupported_browser'
  | 'running';

/** Timings and limits of connect-bridge.md §9. */
export const LAUNCHING_DELAY_MS = 3500;
export const CONNECTED_DISMISS_MS = 2000;
export const UPDATE_OPT_OUT_SECONDS = 60 * 24;
export const MIN_SECURE_VERSION = '3.8.0';
/** Carbon is the default from this requested minimum up (connect-bridge.md §3). */
export const CARBON_FROM_VERSION = '3.9.0';

/** Browser storage keys (connect-protocol.md §16). */
export const STORAGE = {
  installAttempted: 'aspera-install-attempted',
  lastDetected: 'aspera-last-detected',
  installStyle: 'aspera-connect-install-style',
  versionContinued: 'connect-version-continued',
  appDownload: 'aspera-connect-app-download',
  minVersion: 'aspera-min-version',
} as const;

export const DEFAULT_IFRAME_ID = 'aspera-iframe-container';
export const EXTENSION_LOCATOR_CLASS = 'aspera-connect-ext-locator';
