import type { TestProject } from 'vitest/node';
import { makePgliteTemplate, makePostgresTemplate } from './database-templates.ts';
import { startPostgresCluster } from './postgres-cluster.ts';
import { bundleServerEntries } from './server-bundle.ts';
import './provided-context.ts';

/**
 * One PostgreSQL cluster for the DAM's whole test run; each suite makes its own database in it. Both kinds of
 * database are migrated once here, and suites start from copies of them (test-dam.ts); the server is bundled once
 * for the suites that start it as a process.
 */
export async function setup(project: TestProject): Promise<() => Promise<void>> {
  const [cluster, pglite, bundle] = await Promise.all([
    startPostgresCluster(),
    makePgliteTemplate(),
    bundleServerEntries(),
  ]);
  const teardown = async () => {
    await Promise.all([cluster.stop(), pglite.remove(), bundle.remove()]);
  };
  try {
    await makePostgresTemplate(cluster.url);
  } catch (error) {
    await teardown();
    throw error;
  }
  project.provide('postgresUrl', cluster.url);
  project.provide('pgliteTemplate', pglite.dir);
  project.provide('damServerBundle', bundle.entries);
  return teardown;
}
