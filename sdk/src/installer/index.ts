export {
  ConnectInstaller,
  type InstallerActivityListener,
  type InstallerListener,
} from './connect-installer.ts';
export type { ActivityEvent, DialogKind, InstallerEvent } from './constants.ts';
export { ACTIVITY_EVENT, EVENT_TYPE, INSTALLER_EVENT } from './constants.ts';
export type { ScriptLoader } from './install-manifest.ts';
export type { InstallerEnvironment } from './installer-environment.ts';
export type { InstallerOptions, InstallerStyle } from './installer-options.ts';
export { noteRequestedMinVersion } from './requested-min-version.ts';
export { isUpdateOptedOut } from './update-opt-out.ts';
