import { join } from 'node:path';
import { openSettingsStore } from '../config/settings-store.ts';
import type { DesktopUi } from '../desktop/desktop-ui.ts';
import type { Logger } from '../log/logger.ts';
import type { TransferEngine } from '../transfers/engine.ts';
import { TransferManager } from '../transfers/transfer-manager.ts';
import { createTransferStore } from '../transfers/transfer-store.ts';
import { PathGrants } from '../trust/path-grants.ts';
import { ReadTokens } from '../trust/read-tokens.ts';
import { TrustGate } from '../trust/trust-gate.ts';
import type { DaemonContext } from './context.ts';

interface DaemonParts {
  /** RAPID_HOME: settings.json and transfers.json live here. */
  home: string;
  engine: TransferEngine;
  ui: DesktopUi;
  log: Logger;
  systemWide?: boolean;
  downloadFolder?: string;
  retryDelayMs?: (attempt: number) => number | undefined;
}

/** Builds the daemon's state from its injected parts; `manager.restore()` then picks up the persisted list. */
export async function createDaemon(
  parts: DaemonParts,
): Promise<DaemonContext & { setWindowsUrl(url: string): void }> {
  const settings = openSettingsStore(join(parts.home, 'settings.json'), {
    download_folder: parts.downloadFolder ?? join(parts.home, 'Downloads'),
    concurrent_transfers: 3,
    trusted_sites: {},
  });
  const manager = new TransferManager({
    engine: parts.engine,
    store: createTransferStore(join(parts.home, 'transfers.json')),
    settings: () => {
      const current = settings.get();
      return {
        concurrentTransfers: current.concurrent_transfers,
        downloadFolder: current.download_folder,
        defaultTargetRateKbps: current.default_target_rate_kbps,
      };
    },
    retryDelayMs: parts.retryDelayMs,
  });
  let windowsUrl: string | undefined;
  return {
    systemWide: parts.systemWide ?? false,
    manager,
    engine: parts.engine,
    trust: new TrustGate(settings, parts.ui),
    grants: new PathGrants(),
    readTokens: new ReadTokens(),
    ui: parts.ui,
    settings,
    log: parts.log,
    windowsUrl: () => windowsUrl,
    localHttpUrl: () => windowsUrl?.replace(/\/ui$/, ''),
    setWindowsUrl: (url) => {
      windowsUrl = url;
    },
  };
}
