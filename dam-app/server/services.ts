import type { Kysely } from 'kysely';
import type { DamConfig, NodeEndpoint } from './config/config.ts';
import type { Database } from './db/schema.ts';
import type { IntentOwner } from './intents/intent-owner.ts';
import type { IntentKind } from './intents/intents.ts';
import type { JobWorker } from './jobs/job-queue.ts';
import type { LibraryEvents } from './live/library-events.ts';
import type { Logger } from './log.ts';
import type { MailMessage, OutboxEntry } from './mail/mail-transport.ts';
import type { OriginalsTree } from './storage/originals-tree.ts';
import type { StorageAreas } from './storage/storage-area.ts';

/** What every handler may use: built once by `createServices`, passed to the app. */
/** Reads every metadata tag of a file at an absolute path. */
export interface MetadataReader {
  read(path: string): Promise<Record<string, unknown>>;
}

export interface DamServices {
  config: DamConfig;
  db: Kysely<Database>;
  databaseKind: 'pglite' | 'postgres';
  log: Logger;
  jobs: JobWorker;
  /** The named storage areas (originals, versions, renditions, trash, loading dock). */
  storage: StorageAreas;
  /** Directory operations on the originals, the browsable tree the transfer node serves. */
  tree: OriginalsTree;
  /** One long-running exiftool for metadata reads (media/exiftool.ts, made by the wiring). */
  exiftool: MetadataReader;
  /** Library changes from the database's notifications, for the push channel to open pages. */
  live: LibraryEvents;
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
  /** The offline outbox's messages, when no SMTP server is configured. */
  outbox(): Promise<OutboxEntry[] | undefined>;
}
