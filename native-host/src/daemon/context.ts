import type { SettingsStore } from '../config/settings-store.ts';
import type { DesktopUi } from '../desktop/desktop-ui.ts';
import type { Logger } from '../log/logger.ts';
import type { TransferEngine } from '../transfers/engine.ts';
import type { TransferManager } from '../transfers/transfer-manager.ts';
import type { PathGrants } from '../trust/path-grants.ts';
import type { ReadTokens } from '../trust/read-tokens.ts';
import type { TrustGate } from '../trust/trust-gate.ts';

/** Everything the Connect routes need; built once by the daemon's main, or by a test. */
export interface DaemonContext {
  /** Installed for every user of the machine (system-wide) rather than for one. */
  systemWide: boolean;
  manager: TransferManager;
  engine: TransferEngine;
  trust: TrustGate;
  grants: PathGrants;
  /** One-time tickets for large reads over the local HTTP API. */
  readTokens: ReadTokens;
  ui: DesktopUi;
  settings: SettingsStore;
  log: Logger;
  /** Base URL of the windows web UI (on the local HTTP server), once it listens. */
  windowsUrl(): string | undefined;
  /** Base URL of the local HTTP server (`http://127.0.0.1:<port>`), once it listens. */
  localHttpUrl(): string | undefined;
}
