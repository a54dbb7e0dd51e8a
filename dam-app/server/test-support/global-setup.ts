import type { TestProject } from 'vitest/node';
import { startPostgresCluster } from './postgres-cluster.ts';
import './provided-context.ts';

/** One PostgreSQL cluster for the DAM's whole test run; each suite makes its own database in it. */
export async function setup(project: TestProject): Promise<() => Promise<void>> {
  const cluster = await startPostgresCluster();
  project.provide('postgresUrl', cluster.url);
  return () => cluster.stop();
}
