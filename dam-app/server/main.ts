import { queueReconcile } from './assets/reconcile-service.ts';
import { ConfigError, loadConfig } from './config/config.ts';
import { createServices } from './create-services.ts';
import { DatabaseUnavailableError } from './db/open-database.ts';
import { createDemoContentWithRetry } from './demo/demo-content-retry.ts';
import { seedDemo } from './demo/seed-demo.ts';
import { createLogger } from './log.ts';
import { startDamServer } from './start-server.ts';
import { STATIC_ROOTS } from './static-roots.ts';

// Wiring only: `node dam-app/dist/server.mjs` serves the DAM; the environment configures it (config/config.ts).
const log = createLogger();
const fail = (message: string): never => {
  process.stderr.write(`DAM server: ${message}\n`);
  process.exit(1);
};

const config = (() => {
  try {
    return loadConfig();
  } catch (error) {
    return fail(error instanceof ConfigError ? error.message : String(error));
  }
})();
const runtime = await createServices(config, log).catch((error: unknown) =>
  fail(
    error instanceof DatabaseUnavailableError ? error.message : `cannot start: ${(error as Error).message}`,
  ),
);
const demoLogins = config.demo ? await seedDemo(runtime.services) : [];
const demoContent = config.demo ? await createDemoContentWithRetry(runtime.services) : undefined;
// Files that arrived while no server ran (or by other means) are indexed; one waiting reconcile is enough.
await queueReconcile(runtime.services, '').catch((error: Error) =>
  log.warn('reconcile.queue_failed', { error: error.message }),
);
// One JSON line for the program that started this one (`npm start` prints it for people).
process.stdout.write(
  `${JSON.stringify({
    started: {
      demoLogins,
      ...(demoContent ? { demoContent: demoContent.outcome } : {}),
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
  demoContent?.stop();
  void server
    .close()
    .then(() => runtime.close())
    .then(() => process.exit(0));
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
