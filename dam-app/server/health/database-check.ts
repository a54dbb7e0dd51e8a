import type { HealthCheck } from '../../api/health.ts';
import { MIGRATIONS } from '../db/migrations/index.ts';
import type { DamServices } from '../services.ts';
import { appliedMigrations, pingDatabase } from './health-queries.ts';

/** Round trip, migrations current, pool use: red when a migration is missing or every connection is taken and more wait. */
export async function databaseCheck(services: DamServices): Promise<HealthCheck> {
  const started = performance.now();
  await pingDatabase(services.db);
  const roundTripMs = Math.round((performance.now() - started) * 10) / 10;
  const applied = new Set(await appliedMigrations(services.db));
  const missing = Object.keys(MIGRATIONS).filter((name) => !applied.has(name));
  const pool = services.databasePool?.();
  const facts = {
    roundTripMs,
    migrationsApplied: applied.size,
    migrationsKnown: Object.keys(MIGRATIONS).length,
    ...(pool ? { poolSize: pool.size, poolInUse: pool.inUse, poolWaiting: pool.waiting } : {}),
  };
  const base = { kind: 'database' as const, target: services.databaseKind, facts };
  if (missing.length)
    return {
      ...base,
      status: 'red',
      reason: 'migrations_behind',
      detail: `Not applied: ${missing.join(', ')}.`,
    };
  if (pool && pool.waiting > 0 && pool.inUse >= pool.size)
    return {
      ...base,
      status: 'red',
      reason: 'pool_exhausted',
      detail: `${pool.waiting} queries wait for a connection.`,
    };
  return { ...base, status: 'green', reason: 'ok', detail: '' };
}
