// ESM entry: never touches `window` at import time, so server-side rendering can import it.
export type { Callbacks } from './connect/callbacks.ts';
export { Connect } from './connect/connect.ts';
export type { ConnectOptions } from './connect/options.ts';
export type { EventType, PublicStatus } from './connect/status.ts';
export { EVENT, STATUS } from './connect/status.ts';
