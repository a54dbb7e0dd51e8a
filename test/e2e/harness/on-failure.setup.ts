import { afterEach } from 'vitest';
import { collectEvidence } from './failure-evidence.ts';

// Every e2e file (vitest.config.ts `setupFiles`): a failed test prints what was on screen. Hooks run in the order
// they are registered (`sequence.hooks: 'list'`), so this runs before a file's own afterEach closes its browser.
// CI shows only the end of a run's output, so the failure's own message carries a short copy too.
afterEach(async ({ task }) => {
  if (task.result?.state !== 'fail') return;
  const evidence = await collectEvidence(task.name);
  process.stderr.write(evidence.full);
  const first = task.result.errors?.[0];
  if (first) first.message = `${first.message}\n\n${evidence.brief}`;
});
