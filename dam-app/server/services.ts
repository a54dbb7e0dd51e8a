import type { Locker } from '@tus/server';
import type { Kysely } from 'kysely';
import type { DiscussionEvent, LibraryEvent } from '../api/live.ts';
import type { NotificationType } from '../api/notifications.ts';
import type { DamConfig, NodeEndpoint } from './config/config.ts';
import type { DatabasePool } from './db/open-database.ts';
import type { Database } from './db/schema.ts';
import type { IntentOwner } from './intents/intent-owner.ts';
import type { IntentKind } from './intents/intents.ts';
import type { JobWorker } from './jobs/job-queue.ts';
import type { Logger } from './log.ts';
import type { MailMessage, OutboxEntry } from './mail/mail-transport.ts';
import type { OriginalsTree } from './storage/originals-tree.ts';
import type { StorageAreas } from './storage/storage-area.ts';

/**
 * The parts below are declared here by what the features use of them, and built from the features' classes by
 * `createServices` (media/exiftool.ts, live/library-events.ts): the kernel names no feature.
 */
/** Reads a file's metadata (tags by name). */
export interface MetadataReader {
  read(path: string): Promise<Record<string, unknown>>;
}

/** The push channel's hub: who listens for library changes under which ACL root. */
export interface LibraryEventHub {
  subscribe(root: string, send: (event: LibraryEvent) => void): () => void;
  /** The person's own notifications as they are committed (notifications/notify.ts). */
  subscribeUser(userId: number, send: (event: { type: NotificationType }) => void): () => void;
  /** Changes to the discussions of assets under an ACL root (discussions/discussion-queries.ts `signalDiscussion`). */
  subscribeDiscussions(root: string, send: (event: DiscussionEvent) => void): () => void;
  readonly subscribers: number;
}

/** A converted file in the conversions cache (conversions/conversion-service.ts). */
export interface ConvertedFile {
  /** Absolute, inside the conversions area. */
  path: string;
  size: number;
  mediaType: string;
  /** The name a person gets: the original's, the preset's, the output's extension. */
  fileName: string;
}

/** Converts an asset version with a preset, once: a second request answers from the cache. */
export interface AssetConverter {
  ensureConverted(
    input: { versionId: number; presetId: number },
    signal?: AbortSignal,
  ): Promise<ConvertedFile>;
}

export type UploadPath = 'rapid' | 'http' | 'drive';

/** This server's counters for `/metrics` (metrics/metrics-registry.ts). */
export interface MetricsRecorder {
  /** One API request: `route` is the contract's path (`/assets/{id}`), never the raw one. */
  request(method: string, route: string, status: number, seconds: number): void;
  /** One upload finished (before the antivirus and the ingest). */
  upload(via: UploadPath): void;
  render(): string;
}

/** What every handler may use: built once by `createServices`, passed to the app. */
export interface DamServices {
  config: DamConfig;
  db: Kysely<Database>;
  databaseKind: 'pglite' | 'postgres';
  /** PostgreSQL's pool use now; undefined on PGlite (one connection, no pool). */
  databasePool: (() => DatabasePool) | undefined;
  log: Logger;
  jobs: JobWorker;
  /** The named storage areas (originals, versions, renditions, trash). */
  storage: StorageAreas;
  /** Directory operations on the originals, the browsable tree the transfer node serves. */
  tree: OriginalsTree;
  /** One long-running exiftool for metadata reads. */
  exiftool: MetadataReader;
  /** Conversions with the administrators' presets, cached per asset version and preset. */
  conversions: AssetConverter;
  /** Library changes from the database's notifications, for the push channel to open pages. */
  live: LibraryEventHub;
  /** Queues a mail as a job in the same transaction as the change it reports. */
  sendMail(message: MailMessage, db?: Kysely<Database>): Promise<void>;
  /** Sends now, for the one screen that must say at once when a mail cannot be sent (invitations). */
  deliverMail(message: MailMessage): Promise<void>;
  /** The transfer nodes: the site's (`DAM_NODES`) or the embedded one; empty when neither is available. */
  nodes: NodeEndpoint[];
  /** This process's name on the operation intents it writes (intents/intent-owner.ts). */
  intentOwner: IntentOwner;
  /** Every kind of operation intent the features declare, by name: what recovery finishes or undoes. */
  intentKinds: ReadonlyMap<string, IntentKind<never>>;
  /** Requests and uploads counted for `/metrics`. */
  metrics: MetricsRecorder;
  /** When this server started: the status screen's uptime. */
  startedAt: Date;
  /** The offline outbox's messages, when no SMTP server is configured. */
  outbox(): Promise<OutboxEntry[] | undefined>;
  /** The browser uploads' (tus) lock, shared by every server of the database (uploads/upload-locker.ts). */
  uploadLocker: Locker;
}
