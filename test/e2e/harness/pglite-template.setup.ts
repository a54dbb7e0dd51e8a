import type { TestProject } from 'vitest/node';
import { makePgliteTemplate } from '../../../dam-app/server/test-support/database-templates.ts';
import './provided-context.ts';

/**
 * One migrated PGlite data folder for the run: each suite's DAM (startDamWebSite) starts from a copy of it instead
 * of an initdb and every migration. The dam-app suite database-templates.test.ts shows a copy equals a first
 * install; npm-start.e2e.test.ts still starts a DAM on an empty home.
 */
export async function setup(project: TestProject): Promise<() => Promise<void>> {
  const template = await makePgliteTemplate();
  project.provide('pgliteTemplate', template.dir);
  return template.remove;
}
