/**
 * `@rapid/sdk`: the typed ESM build. It never touches `window` at import time, so server-side rendering can import
 * it; nothing runs until `initSession`.
 *
 * ```ts
 * import { Connect } from '@rapid/sdk';
 * const connect = new Connect({ minVersion: '3.9.0' });
 * connect.initSession();
 * ```
 *
 * @module \@rapid/sdk
 */

export type { ChecksumOptions, DialogOptions, FileTypeFilter } from './connect/bodies.ts';
export type { Callbacks } from './connect/callbacks.ts';
export {
  Connect,
  type RequestBody,
  type SessionInfo,
  type StartRequest,
  type TransferAnswer,
  type TransferId,
} from './connect/connect.ts';
export type { DragDropListener, DragDropOptions } from './connect/drag-drop.ts';
export { ValidationError } from './connect/errors.ts';
export type { Listener } from './connect/listeners.ts';
export type { ConnectMethod, ConnectOptions } from './connect/options.ts';
export type { EventType, HttpMethod, PublicStatus, TransferStatus } from './connect/status.ts';
export { EVENT, HTTP_METHOD, STATUS, TRANSFER_STATUS } from './connect/status.ts';
export type * from './core/types.ts';
export type { DriveCheckout, DriveCheckouts, DriveClientOptions } from './drive/drive-client.ts';
export { DriveClient } from './drive/drive-client.ts';
export {
  ACTIVITY_EVENT,
  type ActivityEvent,
  ConnectInstaller,
  INSTALLER_EVENT,
  type InstallerActivityListener,
  type InstallerEnvironment,
  type InstallerEvent,
  type InstallerListener,
  type InstallerOptions,
  type InstallerStyle,
  type ScriptLoader,
} from './installer/index.ts';
export { Logger } from './logger/logger.ts';
export type { BrowserFlags } from './util/browser.ts';
export { Utils } from './util/utils.ts';
