import { queueReconcile } from './assets/reconcile-service.ts';
import { ConfigError, type DamConfig, loadConfig } from './config/config.ts';
import { createServices } from './create-services.ts';
import { DatabaseUnavailableError } from './db/open-database.ts';
import { createLogger } from './log.ts';
import type { DamServices } from './services.ts';
import { startDamServer } from './start-server.ts';
import { STATIC_ROOTS } from './static-roots.ts';

/** What an entry adds before the server listens: fields for the `started` line, and what to stop on exit. */
export interface ServeExtras {
  started: Record<string, unknown>;
  stop?(): void;
}

/** Says one line on stderr and exits: what a person starting the server reads. */
export function failStart(message: string): never {
  process.stderr.write(`DAM server: ${message}\n`);
  process.exit(1);
}

/**
 * Starts the DAM as a process: the environment configures it (config/config.ts), `prepare` (the demo's entry) may
 * add to it before it listens. Prints one JSON line `{"started":{…}}` for the program that started this one.
 */
export async function serveDam(
  prepare?: (services: DamServices, config: DamConfig) => Promise<ServeExtras>,
): Promise<void> {
  const log = createLogger();
  const config = (() => {
    try {
      return loadConfig();
    } catch (error) {
      return failStart(error instanceof ConfigError ? error.message : String(error));
    }
  })();
  // The production entry holds no demo code; a deployment that still sets the demo's switch is told where it went.
  if (config.demo && !prepare)
    failStart(
      'DAM_DEMO=true: the demo is its own entry, dam-app/dist/demo-server.mjs (what npm start runs); dam-app/dist/server.mjs serves the DAM without demo data.',
    );
  const runtime = await createServices(config, log).catch((error: unknown) =>
    failStart(
      error instanceof DatabaseUnavailableError ? error.message : `cannot start: ${(error as Error).message}`,
    ),
  );
  const extras = prepare ? await prepare(runtime.services, config) : { started: {} };
  // Files that arrived while no server ran (or by other means) are indexed; one waiting reconcile is enough.
  await queueReconcile(runtime.services, '').catch((error: Error) =>
    log.warn('reconcile.queue_failed', { error: error.message }),
  );
  // One JSON line for the program that started this one (`npm start` prints it for people).
  process.stdout.write(
    `${JSON.stringify({
      started: {
        ...extras.started,
        nodes: runtime.services.nodes.map((node) => node.url),
        storageRoot: config.storageRoot,
        home: config.home,
      },
    })}\n`,
  );
  const server = await startDamServer({
    port: config.port,
    hostname: config.bind,
    ...STATIC_ROOTS,
    services: runtime.services,
  });
  log.info('server.listening', { url: server.url, database: runtime.services.databaseKind });
  const stop = () => {
    extras.stop?.();
    void server
      .close()
      .then(() => runtime.close())
      .then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
