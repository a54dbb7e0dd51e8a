import { mkdir } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { runRescanJob } from './antivirus/quarantine-service.ts';
import { ARCHIVE_INTENTS } from './archive/archive-intents.ts';
import { runArchiveJob, runRestoreJob } from './archive/archive-jobs.ts';
import { ASSET_INTENTS } from './assets/asset-intents.ts';
import { RECONCILE_JOB, reconcile } from './assets/reconcile.ts';
import { runRenditionJob } from './assets/rendition-job.ts';
import type { DamConfig } from './config/config.ts';
import { runConversionJob } from './conversions/conversion-job.ts';
import { ConversionService } from './conversions/conversion-service.ts';
import { migrateToLatest } from './db/migrate.ts';
import { openDatabase } from './db/open-database.ts';
import { ensureShippedDictionary } from './dictionaries/shipped-dictionary.ts';
import { FOLDER_INTENTS } from './folders/folder-intents.ts';
import { intentKindsByName, recoverOperations } from './intents/intent-kinds.ts';
import { IntentOwner } from './intents/intent-owner.ts';
import { jobHandlers, queueJob } from './jobs/job-payloads.ts';
import { JobWorker } from './jobs/job-queue.ts';
import { LibraryEvents } from './live/library-events.ts';
import { cleanLoadingDock } from './loading-dock/cleanup.ts';
import { placeDock } from './loading-dock/placement-job.ts';
import type { Logger } from './log.ts';
import { liveMailTransport } from './mail/mail-transport.ts';
import { ExifTool } from './media/exiftool.ts';
import { runImportJob } from './metadata-io/metadata-io-service.ts';
import { MetricsRegistry } from './metrics/metrics-registry.ts';
import { DIGEST_EVERY_SECONDS, sendDigests, sendGroupedMail } from './notifications/notification-service.ts';
import { runDeliveryJob, runImportJob as runRemoteImportJob } from './remote-servers/remote-transfer-job.ts';
import {
  listenForRuntimeSettings,
  reloadRuntimeSettings,
} from './runtime-settings/runtime-settings-service.ts';
import type { DamServices } from './services.ts';
import { ensureSpecialUsers } from './special-users.ts';
import { registerServer, unregisterServer } from './status/status-queries.ts';
import { createStorageAreas } from './storage/create-storage-areas.ts';
import { OriginalsTree } from './storage/originals-tree.ts';
import { startEmbeddedNode } from './transfer-node/embedded-node.ts';
import { INGEST_UPLOAD_JOB } from './transfers/ingest-job.ts';
import { ingestUpload } from './transfers/ingest-landed.ts';
import { DatabaseUploadLocker } from './uploads/upload-locker.ts';
import { VERSION_INTENTS } from './versions/version-intents.ts';
import { runClipExportJob } from './video-timeline/clip-export-job.ts';
import { CLIP_INTENTS } from './video-timeline/clip-intents.ts';
import { runTimelineStripJob } from './video-timeline/timeline-service.ts';
import { runWorkflowJob } from './workflows/workflow-run-job.ts';
import { fireDueWorkflows, WORKFLOW_SCHEDULE_SECONDS } from './workflows/workflow-trigger-service.ts';

export interface DamRuntime {
  services: DamServices;
  /** Stops the job worker and closes the database. */
  close(): Promise<void>;
}

/** Opens the database, brings its schema up to date, and starts the job worker. */
export async function createServices(config: DamConfig, log: Logger): Promise<DamRuntime> {
  await mkdir(config.storageRoot, { recursive: true });
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: join(config.home, 'pglite'),
  });
  const applied = await migrateToLatest(database.db);
  if (applied.length) log.info('db.migrated', { applied, database: database.kind });
  await ensureSpecialUsers(database.db);
  await ensureShippedDictionary(database.db, config.wordList, log);
  // R-RUNTIME-SETTINGS: what administrators stored holds from the first request; a change later arrives by NOTIFY.
  await reloadRuntimeSettings(database.db, config);
  const unlistenSettings = await listenForRuntimeSettings(database.db, config, log, database.listen).catch(
    (error: Error) => {
      log.warn('runtime_settings.listen_failed', { error: error.message });
      return undefined;
    },
  );
  const storage = await createStorageAreas(config);
  const intentOwner = await IntentOwner.start(config.databaseUrl);
  // Listed on the System status screen for as long as its owner lock lives.
  await registerServer(database.db, {
    owner: intentOwner.id,
    host: hostname(),
    pid: process.pid,
    url: `http://${config.bind}:${config.port}`,
  });

  // R-RUNTIME-SMTP: reads the SMTP settings at each mail, so a change holds without a restart.
  const transport = liveMailTransport(config, join(config.home, 'outbox'));
  const exiftool = new ExifTool();
  // The handlers need the services they are part of; they run only after start(), once `services` is set.
  let services: DamServices;
  const jobs = new JobWorker(
    database.db,
    jobHandlers({
      'mail.send': (message) => transport.send(message),
      'asset.renditions': (payload) => runRenditionJob(services, payload),
      'loading-dock.cleanup': (payload) => cleanLoadingDock(services, payload),
      'loading-dock.place': (payload) => placeDock(services, payload),
      'conversion.run': (payload) => runConversionJob(services, payload),
      'video.clip-export': (payload) => runClipExportJob(services, payload),
      'workflow.run': (payload) => runWorkflowJob(services, payload),
      'workflow.schedule': async () => {
        await fireDueWorkflows(services);
      },
      'metadata.import': (payload) => runImportJob(services, payload),
      'remote.deliver': (payload) => runDeliveryJob(services, payload),
      'remote.import': (payload) => runRemoteImportJob(services, payload),
      'antivirus.rescan': (payload) => runRescanJob(services, payload),
      'archive.run': (payload) => runArchiveJob(services, payload),
      'archive.restore': (payload) => runRestoreJob(services, payload),
      'notifications.digest': async () => {
        const sent = await sendDigests(services);
        if (sent) log.info('notifications.digest', { sent });
      },
      'notifications.mail-soon': (payload) => sendGroupedMail(services, payload.userId),
      'video.timeline-strip': (payload) => runTimelineStripJob(services, payload),
      // Files an accelerated or browser upload delivered (verified against the node, or finished over tus).
      [INGEST_UPLOAD_JOB]: (payload) => ingestUpload(services, payload),
      [RECONCILE_JOB]: async (payload) => {
        const path = payload.path ?? '';
        const report = await reconcile(services, path);
        log.info('reconcile.done', { path, ...report, refusedLinks: report.refusedLinks.length });
      },
    }),
    log,
    {
      concurrency: config.jobConcurrency,
      owner: intentOwner.id,
      // The whole storage, at start-up and then every DAM_RECONCILE_SECONDS, once between all servers.
      schedules: [
        ...(config.reconcileSeconds
          ? [{ kind: RECONCILE_JOB, payload: { path: '' }, everySeconds: config.reconcileSeconds }]
          : []),
        // The daily notification digest, once a day between all servers.
        { kind: 'notifications.digest', payload: {}, everySeconds: DIGEST_EVERY_SECONDS },
        // Scheduled workflows (R-WORKFLOW-SCHEDULE): fire times are whole minutes, looked for each minute.
        { kind: 'workflow.schedule', payload: {}, everySeconds: WORKFLOW_SCHEDULE_SECONDS },
      ],
    },
  );

  const embedded = config.embeddedNode.enabled
    ? await startEmbeddedNode(config, log).catch((error: Error) => {
        // The library still works without it; the transfer features say the node is unavailable.
        log.error('node.unavailable', {
          error: error.message,
          hint: 'Accelerated transfers are off. Free the ports or set DAM_NODE_API_PORT / DAM_NODE_TRANSFER_PORT, or DAM_NODES.',
        });
        return undefined;
      })
    : undefined;

  const live = new LibraryEvents(log);
  // Pages still work without the push channel (they refresh on their own actions); say why it is off.
  await live
    .start(database.listen)
    .catch((error: Error) => log.warn('live.listen_failed', { error: error.message }));
  const uploadLocker = new DatabaseUploadLocker(database.db, intentOwner, log);
  // Without it a holder on another server is not asked to let go: a waiting resume gets the upload when that ends.
  await uploadLocker
    .start(database.listen)
    .catch((error: Error) => log.warn('upload.listen_failed', { error: error.message }));

  services = {
    config,
    db: database.db,
    databaseKind: database.kind,
    databasePool: database.pool,
    log,
    jobs,
    storage,
    tree: new OriginalsTree(config.storageRoot),
    exiftool,
    live,
    conversions: new ConversionService(() => services),
    async sendMail(message, db = database.db) {
      await queueJob(db, 'mail.send', message);
      // After the caller's transaction commits the worker finds it; a kick now saves waiting for the next poll.
      setTimeout(() => jobs.kick(), 10).unref();
    },
    deliverMail: (message) => transport.send(message),
    outbox: () => transport.outbox(),
    nodes: embedded ? [embedded.endpoint] : config.nodes,
    metrics: new MetricsRegistry(),
    startedAt: new Date(),
    intentOwner,
    intentKinds: intentKindsByName([
      ...FOLDER_INTENTS,
      ...ASSET_INTENTS,
      ...VERSION_INTENTS,
      ...ARCHIVE_INTENTS,
      ...CLIP_INTENTS,
    ]),
    uploadLocker,
  };
  // Operations a killed server left half done are finished or undone before any job (a reconcile above all) runs
  // and before the server answers a request.
  const recovered = await recoverOperations(services);
  if (recovered.finished + recovered.undone + recovered.failed) log.info('intents.recovered', recovered);
  jobs.start();
  return {
    services,
    async close() {
      await embedded?.close();
      await jobs.stop();
      await live.stop();
      await uploadLocker.stop();
      await unlistenSettings?.();
      await exiftool.close();
      await unregisterServer(database.db, intentOwner.id).catch(() => {});
      await intentOwner.close();
      await database.close();
    },
  };
}
