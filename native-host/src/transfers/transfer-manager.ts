import { randomUUID } from 'node:crypto';
import { isAbsolute, join } from 'node:path';
import type {
  AllTransfersInfo,
  ConnectSettings,
  RateChange,
  ResumeRequest,
  TransferInfo,
  TransferSpec,
} from '@rapid/protocol';
import { notFound } from '../daemon/connect-failure.ts';
import { applyEngineEvent } from './apply-engine-event.ts';
import type { EngineEvent, TransferEngine } from './engine.ts';
import { checkRateChange } from './rate-rules.ts';
import {
  ACTIVE,
  localTime,
  newRecord,
  publicSpec,
  setStatus,
  type TransferRecord,
  UNFINISHED,
} from './transfer-record.ts';
import type { TransferStore } from './transfer-store.ts';

export interface ManagerSettings {
  concurrentTransfers: number;
  downloadFolder: string;
  /** Applied when a spec names no target rate. */
  defaultTargetRateKbps?: number;
}

interface ManagerOptions {
  engine: TransferEngine;
  store: TransferStore;
  settings: () => ManagerSettings;
  /** Delay before retry n (1-based) after a retryable failure; none → no automatic retry. */
  retryDelayMs?: (attempt: number) => number | undefined;
  now?: () => Date;
}

export interface StartedTransfer {
  transfer_spec: Record<string, unknown>;
  aspera_connect_settings: ConnectSettings;
  uuid: string;
  tags: { aspera: { index: number; xfer_id: string; xfer_retry: number } };
}

export type ChangeListener = (info: TransferInfo) => void;

const defaultRetryDelay = (attempt: number) => (attempt <= 3 ? 2000 * 2 ** (attempt - 1) : undefined);

/**
 * Owns the transfer list: records with iteration tokens, a queue bounded by the concurrent-transfer setting,
 * the engine's events folded into records, persistence through the store. Every change bumps one counter; a
 * record remembers the counter of its last change, so `activity(token)` answers only what changed since.
 */
export class TransferManager {
  readonly #records = new Map<string, TransferRecord>();
  readonly #listeners = new Set<ChangeListener>();
  readonly #started = new Map<string, number>();
  #iteration = 0;

  constructor(readonly options: ManagerOptions) {}

  /** Loads the persisted list; transfers that were unfinished when the daemon stopped are queued to resume. */
  async restore(): Promise<void> {
    const stored = await this.options.store.load();
    this.#iteration = stored.iteration;
    for (const record of stored.records) {
      this.#records.set(record.info.uuid, record);
      if (UNFINISHED.has(record.info.status)) {
        setStatus(record, 'queued');
        this.#changed(record);
      }
    }
    this.#pump(true);
  }

  onChange(listener: ChangeListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  start(origin: string, specs: { spec: TransferSpec; settings: ConnectSettings }[]): StartedTransfer[] {
    const now = this.#now();
    const started = specs.map(({ spec, settings }, index) => {
      const uuid = randomUUID();
      const withRate = this.#withDefaultRate(spec);
      const record = newRecord({
        uuid,
        spec: withRate,
        settings,
        origin,
        explorerPath: this.#explorerPath(withRate),
        now,
      });
      this.#records.set(uuid, record);
      setStatus(record, 'queued');
      this.#changed(record);
      const aspera = { index, xfer_id: uuid, xfer_retry: 0 };
      const echoed = publicSpec(withRate, { ...settings, return_paths: true });
      const tags = (withRate.tags ?? {}) as Record<string, unknown>;
      // Clients read the id from the element's tags or from the echoed spec's own tags; both carry it.
      return {
        transfer_spec: { ...echoed, tags: { ...tags, aspera: { ...(tags.aspera as object), ...aspera } } },
        aspera_connect_settings: settings,
        uuid,
        tags: { aspera },
      };
    });
    this.#pump(false);
    return started;
  }

  activity(origin: string | undefined, token: number): AllTransfersInfo {
    const transfers: TransferInfo[] = [];
    for (const record of this.#records.values()) {
      if (origin !== undefined && record.origin !== origin) continue;
      if (token > 0 ? record.info.transfer_iteration_token <= token : record.info.status === 'removed')
        continue;
      transfers.push(record.info);
    }
    return { iteration_token: this.#iteration, result_count: transfers.length, transfers };
  }

  info(origin: string | undefined, id: string): TransferInfo {
    return this.#get(origin, id).info;
  }

  async modify(origin: string | undefined, id: string, rate: RateChange): Promise<Record<string, unknown>> {
    const record = this.#get(origin, id);
    checkRateChange(record.spec, rate);
    if (ACTIVE.has(record.info.status)) await this.options.engine.modifyRate(id, rate);
    record.spec = { ...record.spec, ...rate };
    record.info.transfer_spec = publicSpec(record.spec, record.info.aspera_connect_settings);
    this.#changed(record);
    return record.info.transfer_spec;
  }

  async stop(origin: string | undefined, id: string): Promise<void> {
    const record = this.#get(origin, id);
    if (!UNFINISHED.has(record.info.status)) return;
    this.#started.delete(id);
    await this.options.engine.stop(id);
    setStatus(record, 'cancelled');
    record.info.end_time = localTime(this.#now());
    record.info.calculated_rate_kbps = 0;
    this.#changed(record);
    this.#pump(false);
  }

  resume(origin: string | undefined, id: string, credentials: ResumeRequest): Record<string, unknown> {
    const record = this.#get(origin, id);
    if (record.info.status === 'removed') throw notFound(`Transfer ${id} was removed.`);
    const fresh = Object.fromEntries(Object.entries(credentials).filter(([key]) => RESUME_FIELDS.has(key)));
    record.spec = { ...record.spec, ...fresh };
    record.info.transfer_spec = publicSpec(record.spec, record.info.aspera_connect_settings);
    if (!UNFINISHED.has(record.info.status)) {
      record.retries = 0;
      record.info.error_code = 0;
      record.info.error_desc = '';
      record.info.end_time = '';
      setStatus(record, 'queued');
      this.#changed(record);
      this.#pump(true);
    }
    return record.info.transfer_spec;
  }

  async remove(origin: string | undefined, id: string): Promise<void> {
    const record = this.#get(origin, id);
    if (record.info.status === 'removed') return;
    if (UNFINISHED.has(record.info.status)) await this.stop(origin, id);
    setStatus(record, 'removed');
    this.#changed(record);
  }

  /** The origin that started a transfer; used to address push events. */
  originOf(id: string): string | undefined {
    return this.#records.get(id)?.origin;
  }

  get size(): number {
    return this.#records.size;
  }

  async close(): Promise<void> {
    await Promise.all([...this.#started.keys()].map((id) => this.options.engine.stop(id)));
    await this.options.store.flush();
  }

  #get(origin: string | undefined, id: string): TransferRecord {
    const record = this.#records.get(id);
    // A record of another origin is reported as absent: pages cannot probe each other's transfers.
    if (!record || (origin !== undefined && record.origin !== origin))
      throw notFound(`The Rapid client has no transfer ${id}.`);
    return record;
  }

  #pump(resume: boolean) {
    const limit = Math.max(1, this.options.settings().concurrentTransfers);
    let active = 0;
    for (const record of this.#records.values()) if (ACTIVE.has(record.info.status)) active += 1;
    for (const record of this.#records.values()) {
      if (active >= limit) break;
      if (record.info.status !== 'queued') continue;
      active += 1;
      this.#launch(record, resume || record.info.bytes_written > 0);
    }
  }

  #launch(record: TransferRecord, resume: boolean) {
    const id = record.info.uuid;
    const run = (this.#started.get(id) ?? 0) + 1;
    this.#started.set(id, run);
    setStatus(record, 'initiating');
    if (!record.info.start_time) record.info.start_time = localTime(this.#now());
    this.#changed(record);
    const transfer = { id, spec: record.spec, downloadFolder: this.options.settings().downloadFolder };
    const listener = (event: EngineEvent) => {
      if (this.#started.get(id) !== run) return;
      this.#apply(record, event);
    };
    try {
      if (resume) this.options.engine.resume(transfer, listener);
      else this.options.engine.start(transfer, listener);
    } catch (error) {
      listener({ type: 'failed', code: 50, description: (error as Error).message, retryable: false });
    }
  }

  #apply(record: TransferRecord, event: EngineEvent) {
    const now = this.#now();
    applyEngineEvent(record, event, now);
    if (event.type === 'completed') this.#started.delete(record.info.uuid);
    if (event.type === 'failed') {
      this.#started.delete(record.info.uuid);
      const delay = event.retryable
        ? (this.options.retryDelayMs ?? defaultRetryDelay)(record.retries + 1)
        : undefined;
      if (delay === undefined) {
        setStatus(record, 'failed');
        record.info.end_time = localTime(now);
      } else {
        record.retries += 1;
        setStatus(record, 'willretry');
        setTimeout(() => {
          if (record.info.status !== 'willretry') return;
          setStatus(record, 'queued');
          this.#changed(record);
          this.#pump(true);
        }, delay).unref();
      }
    }
    this.#changed(record, event.type !== 'progress');
    if (event.type === 'completed' || event.type === 'failed') this.#pump(false);
  }

  #changed(record: TransferRecord, urgent = true) {
    this.#iteration += 1;
    record.info.transfer_iteration_token = this.#iteration;
    this.options.store.save(
      () => ({ iteration: this.#iteration, records: [...this.#records.values()] }),
      urgent,
    );
    for (const listener of this.#listeners) listener(record.info);
  }

  #withDefaultRate(spec: TransferSpec): TransferSpec {
    const rate = this.options.settings().defaultTargetRateKbps;
    return rate !== undefined && spec.target_rate_kbps === undefined
      ? { ...spec, target_rate_kbps: rate }
      : spec;
  }

  #explorerPath(spec: TransferSpec): string {
    const folder = this.options.settings().downloadFolder;
    if (spec.direction === 'send') return spec.paths[0]?.source ?? folder;
    const root = spec.destination_root ?? '';
    return root && isAbsolute(root) ? root : join(folder, root);
  }

  #now(): Date {
    return this.options.now?.() ?? new Date();
  }
}

const RESUME_FIELDS = new Set([
  'token',
  'cookie',
  'authentication',
  'remote_user',
  'remote_password',
  'content_protection_passphrase',
]);
