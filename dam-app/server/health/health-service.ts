import type { HealthCheck } from '../../api/health.ts';
import damPackage from '../../package.json' with { type: 'json' };
import type { Principal } from '../access/principal.ts';
import type { DamServices } from '../services.ts';
import { antivirusCheck } from './antivirus-check.ts';
import { bounded } from './check-result.ts';
import { databaseCheck } from './database-check.ts';
import { diskChecks } from './disk-check.ts';
import { pingDatabase } from './health-queries.ts';
import { nodeChecks } from './node-checks.ts';
import { smtpCheck } from './smtp-check.ts';

/** The package's version: the bundler inlines it at build time, and the sources read it from package.json. */
export const DAM_VERSION: string = damPackage.version;

/**
 * `ok` says the server and its database answer (a load balancer's question: it must not turn with SMTP). An
 * administrator also gets every health test (R-HEALTH-TESTS), run at once, each bounded in time.
 */
export async function health(services: DamServices, principal: Principal | undefined) {
  await pingDatabase(services.db);
  const status = { ok: true, database: services.databaseKind, version: DAM_VERSION };
  if (!principal?.user.is_admin) return status;
  const checks = await healthChecks(services);
  return { ...status, healthy: checks.every((check) => check.status !== 'red'), checks };
}

export async function healthChecks(services: DamServices): Promise<HealthCheck[]> {
  const [database, disks, nodes, smtp, antivirus] = await Promise.all([
    bounded({ kind: 'database', target: services.databaseKind }, () => databaseCheck(services)),
    diskChecks(services),
    nodeChecks(services),
    smtpCheck(services),
    bounded({ kind: 'antivirus', target: 'clamd' }, () => antivirusCheck(services)),
  ]);
  return [database, ...disks, ...nodes, smtp, antivirus];
}
