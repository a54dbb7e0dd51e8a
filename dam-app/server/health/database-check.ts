import type { HealthCheck } from '../../api/health.ts';
import { MIGRATIONS } from '../db/migrations/index.ts';
import type { DamServices } from '../services.ts';
import { appliedMigrations, pingDatabase } from './health-queries.ts';

/** Round trip, migrations current, pool use: red when a migration is missing or every connection is taken and more wait. */
export async function databaseCheck(services: DamServices): Promise<HealthCheck> {
  // A full pool is told from its own figures first: the round trip below would only wait in line for a connection
  // until the check's deadline, and say "no answer" of a database that answers everyone it can.
  const busy = services.databasePool?.();
  if (busy && busy.waiting > 0 && busy.inUse >= busy.size)
    return {
      kind: 'database',
      target: services.databaseKind,
      facts: { poolSize: busy.size, poolInUse: busy.inUse, poolWaiting: busy.waiting },
      status: 'red',
      reason: 'pool_exhausted',
      detail: `${busy.waiting} queries wait for a connection.`,
    };
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
