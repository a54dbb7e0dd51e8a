import damPackage from '../../package.json' with { type: 'json' };
import type { DamServices } from '../services.ts';
import { pingDatabase } from './health-queries.ts';

/** The package's version: the bundler inlines it at build time, and the sources read it from package.json. */
export const DAM_VERSION: string = damPackage.version;

export async function health(services: DamServices) {
  await pingDatabase(services.db);
  return { ok: true, database: services.databaseKind, version: DAM_VERSION };
}
