import { afterEach } from 'vitest';
import { collectEvidence } from './failure-evidence.ts';

// Every e2e file (vitest.config.ts `setupFiles`): a failed test prints what was on screen. Hooks run in the order
// they are registered (`sequence.hooks: 'list'`), so this runs before a file's own afterEach closes its browser.
afterEach(async ({ task }) => {
  if (task.result?.state === 'fail') process.stderr.write(await collectEvidence(task.name));
});
