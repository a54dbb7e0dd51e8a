import { parseTransferCookie } from '../../../api/transfer-cookie.ts';
import { TRANSFER_MESSAGES } from '../../../api/transfer-messages.ts';
import { aclRelativePath } from '../../../api/transfer-paths.ts';
import { nodeAccessFor } from './node-access.ts';
import { nodeReader } from './node-reader.ts';
import type { ProgressStore } from './progress-record.ts';
import type { ReloadWarning } from './reload-warning.ts';
import type { TransferApi, TransferSpec } from './transfer-api.ts';
import { type MonitorOutcome, type UploadActions, UploadMonitor } from './upload-monitor.ts';

/** What an accelerated upload needs from the page SDK (`Connect`). */
export interface TransferStarter {
  startTransferPromise(
    spec: Record<string, unknown>,
    connectSpec?: Record<string, unknown>,
  ): Promise<unknown>;
}

export interface UploadFlowEvents {
  onSeen(cookie: string): void;
  onEnd(cookie: string, outcome: MonitorOutcome): void;
}

export type UploadStart = 'started' | 'cleared' | 'no-storage' | 'no-acl-path' | 'no-spec' | 'start-failed';

/** How an upload's start went, and what to tell the person when nothing started (the text that was logged). */
export interface UploadResult {
  outcome: UploadStart;
  problem?: string;
  /** The cookies of the transfers this call started (the progress dialog shows these, and only these). */
  started?: string[];
}

/** The node a spec came from: the pre-transfer handler names it in the DAM's tags. */
function nodeOf(spec: TransferSpec): string | undefined {
  const node = (spec.tags as { dam?: { node?: unknown } } | undefined)?.dam?.node;
  return typeof node === 'string' ? node : undefined;
}

function clientIdOf(started: unknown): string | undefined {
  const uuid = (started as { transfer_specs?: { uuid?: unknown }[] } | undefined)?.transfer_specs?.[0]?.uuid;
  return typeof uuid === 'string' ? uuid : undefined;
}

/**
 * The upload flow: R-UPLOAD-SETUP here (signed spec, start, credentials), R-UPLOAD-FIND to R-UPLOAD-CANCELLED in one {@link UploadMonitor} per
 * upload, R-UPLOAD-RESUME in {@link resume}. Nothing starts without working localStorage or the ACL's relative path (R-ACL-RELATIVE-PATH, R-UPLOAD-GATE).
 */
export class UploadFlow {
  readonly #monitors = new Map<string, UploadMonitor>();

  constructor(
    private readonly deps: {
      client: TransferStarter;
      api: TransferApi;
      actions: UploadActions;
      store: ProgressStore | undefined;
      reload: ReloadWarning;
      log(message: string): void;
      events: UploadFlowEvents;
      fetcher?: typeof fetch;
    },
  ) {}

  /** The files are the client's own paths (its file dialog or a confirmed drop). */
  async upload(
    files: readonly string[],
    destDirId: number | null,
    relativePath: string | null,
  ): Promise<UploadResult> {
    const { api, store } = this.deps;
    let problem: string | undefined;
    const log = (message: string) => {
      problem = message;
      this.deps.log(message);
    };
    if (!store) {
      log(TRANSFER_MESSAGES.localStorageUnavailable);
      return { outcome: 'no-storage', problem: TRANSFER_MESSAGES.localStorageUnavailable };
    }
    if (files.length === 0) return { outcome: 'cleared' };
    if (aclRelativePath(relativePath) === undefined) {
      log(TRANSFER_MESSAGES.noAclPermission);
      return { outcome: 'no-acl-path', problem: TRANSFER_MESSAGES.noAclPermission };
    }
    // Step 1.
    const specs = await api.preTransfer({
      nodetarget: '/files/upload_setup',
      destDirId,
      transferCount: files.length,
      paths: files.map((source) => ({ source })),
    });
    if (specs.length === 0) {
      log(TRANSFER_MESSAGES.emptyPreTransfer);
      return { outcome: 'no-spec', problem: TRANSFER_MESSAGES.emptyPreTransfer };
    }
    let outcome: UploadStart = 'start-failed';
    const started: string[] = [];
    for (const spec of specs) {
      const cookie = typeof spec.cookie === 'string' ? spec.cookie : undefined;
      const nodeUrl = nodeOf(spec);
      if (!cookie || !nodeUrl) {
        log(TRANSFER_MESSAGES.emptyPreTransfer);
        continue;
      }
      store.update(cookie, (entry) => entry, { nodeUrl, fileCount: files.length, processed: [] });
      // Step 2: the spec's own paths are the client's; the destination is the folder the server chose.
      let answer: unknown;
      try {
        answer = await this.deps.client.startTransferPromise(spec, { allow_dialogs: false });
      } catch (error) {
        // R-TRANSFER-LOG: the start error callback only logs.
        log(
          `${TRANSFER_MESSAGES.startFailed} ${(error as { error?: { user_message?: string } })?.error?.user_message ?? ''}`.trim(),
        );
        store.update(cookie, (entry) => ({ ...entry, error: 'start failed' }));
        continue;
      }
      store.update(cookie, (entry) => ({ ...entry, clientId: clientIdOf(answer) }));
      this.#monitor(cookie, nodeUrl, String(spec.destination_root ?? spec.finalDir ?? ''));
      outcome = 'started';
      started.push(cookie);
    }
    if (outcome === 'started') return { outcome, started };
    return problem === undefined ? { outcome } : { outcome, problem };
  }

  /** Step 11: after a reload, every upload not cancelled, not failed and not completed is monitored again. */
  resume(): string[] {
    const { store } = this.deps;
    if (!store) return [];
    const resumed: string[] = [];
    for (const [cookie, entry] of store.resumable()) {
      if (this.#monitors.has(cookie)) continue;
      const destination = parseTransferCookie(cookie)?.finalDirectory ?? '';
      this.#monitor(cookie, entry.nodeUrl, `/${destination}`);
      resumed.push(cookie);
    }
    return resumed;
  }

  /** The person paused (true) or resumed (false) an upload in the client. */
  setPaused(cookie: string, paused: boolean) {
    this.deps.store?.update(cookie, (entry) => ({ ...entry, paused }));
  }

  /** The person cancelled the upload with this cookie (R-UPLOAD-CANCELLED). */
  async cancel(cookie: string, filename = '') {
    const monitor = this.#monitors.get(cookie);
    if (monitor) await monitor.cancel(filename);
    else this.deps.store?.update(cookie, (entry) => ({ ...entry, cancelled: true }));
  }

  stopAll() {
    for (const monitor of this.#monitors.values()) monitor.stop();
    this.#monitors.clear();
  }

  #monitor(cookie: string, nodeUrl: string, destination: string) {
    const { api, actions, store, reload, log, events, fetcher } = this.deps;
    if (!store) return;
    const reader = nodeReader(nodeAccessFor(api, cookie, nodeUrl), fetcher);
    const monitor = new UploadMonitor(cookie, destination, reader, actions, store, {
      onSeen: () => events.onSeen(cookie),
      onEnd: (_cookie, outcome) => {
        this.#monitors.delete(cookie);
        reload.remove(cookie);
        events.onEnd(cookie, outcome);
      },
      log,
    });
    this.#monitors.set(cookie, monitor);
    reload.add(cookie);
    monitor.start();
  }
}
