// ESM entry: never touches `window` at import time, so server-side rendering can import it.
export type { Callbacks } from './connect/callbacks.ts';
export { Connect } from './connect/connect.ts';
export type { DragDropListener, DragDropOptions } from './connect/drag-drop.ts';
export { ValidationError } from './connect/errors.ts';
export type { Listener } from './connect/listeners.ts';
export type { ConnectMethod, ConnectOptions } from './connect/options.ts';
export type { EventType, HttpMethod, PublicStatus, TransferStatus } from './connect/status.ts';
export { EVENT, HTTP_METHOD, STATUS, TRANSFER_STATUS } from './connect/status.ts';
export type * from './core/types.ts';
export type { DriveCheckout, DriveClientOptions } from './drive/drive-client.ts';
export { DriveClient } from './drive/drive-client.ts';
export { ConnectInstaller } from './installer/index.ts';
export { Logger } from './logger/logger.ts';
export type { BrowserFlags } from './util/browser.ts';
export { Utils } from './util/utils.ts';
