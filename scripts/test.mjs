// `npm test`: installs what the tests need, then typecheck, lint and build side by side, then three lanes side by
// side: most unit tests; the end-to-end suites that drive the Rapid bridge (one at a time) followed by the DAM's two
// slowest server suites; the end-to-end suites that drive only the DAM's web app (one at a time, on ports of their
// own) followed by the remaining unit projects (lib/unit-lanes.mjs).
// Every step runs even after a failure, so one run reports everything; the exit code is non-zero on any failure.
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { splitEndToEndSuites } from './lib/e2e-lanes.mjs';
import { ensureDependencies } from './lib/ensure-deps.mjs';
import { ensureSystemPackages } from './lib/ensure-system-packages.mjs';
import { REPO_ROOT } from './lib/repo.mjs';
import { NPM, npmArgs, run } from './lib/run.mjs';
import { DAM_AFTER_BRIDGE, DAM_EXCLUDE_VARIABLE, projectArgs, UNIT_LANES } from './lib/unit-lanes.mjs';
import { readVitestCounts } from './lib/vitest-summary.mjs';

const reports = join(REPO_ROOT, '.rapid-test');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });
const bin = (/** @type {string} */ name) => join(REPO_ROOT, 'node_modules', '.bin', name);
const vitest = (
  /** @type {string} */ report,
  /** @type {string[]} */ extra = [],
  /** @type {NodeJS.ProcessEnv} */ env = {},
) =>
  run(
    bin('vitest'),
    ['run', ...extra, '--reporter=default', '--reporter=json', `--outputFile.json=${join(reports, report)}`],
    {
      cwd: REPO_ROOT,
      env: { ...process.env, ...env },
    },
  );

/** @type {{ name: string, ok: boolean, seconds: number }[]} */
const steps = [];
/**
 * A step fails by throwing or by returning false. Its summary line keeps the order the steps started in, also when
 * steps run side by side. @param {string} name @param {() => Promise<boolean | void>} body
 */
async function step(name, body) {
  console.log(`\n▶ ${name}`);
  const record = { name, ok: false, seconds: 0 };
  steps.push(record);
  const started = performance.now();
  try {
    record.ok = (await body()) !== false;
  } catch (error) {
    console.error(`✖ ${name}: ${error instanceof Error ? error.message : error}`);
  }
  record.seconds = (performance.now() - started) / 1000;
  return record.ok;
}

const ready =
  (await step('install npm dependencies', ensureDependencies)) &&
  (await step('install system packages', ensureSystemPackages));

if (ready) {
  // Nothing waits for the typecheck or the lint, and the build leaves a core idle much of the time: all three side
  // by side, the two checks' output printed whole when each ends. (Beside the test suites instead, they would slow
  // the end-to-end suite, the longest.)
  const [built] = await Promise.all([
    step(
      'build',
      async () => (await run(NPM, npmArgs(['run', '--silent', 'build']), { cwd: REPO_ROOT })) === 0,
    ),
    step(
      'typecheck',
      async () =>
        (await run(NPM, npmArgs(['run', '--silent', 'typecheck']), {
          cwd: REPO_ROOT,
          buffered: 'typecheck',
        })) === 0,
    ),
    step(
      'lint',
      async () => (await run(bin('biome'), ['check', '.'], { cwd: REPO_ROOT, buffered: 'lint' })) === 0,
    ),
  ]);
  // Side by side: the end-to-end suites mostly wait on browsers and transfers, the unit suites mostly compute. The
  // bridge suites share fixed local ports and the native host's registration, so they run one at a time; the DAM web
  // suites share nothing with them and run in a lane of their own.
  const lanes = splitEndToEndSuites(join(REPO_ROOT, 'test', 'e2e'));
  const endToEnd = (/** @type {string} */ report, /** @type {string[]} */ suites) =>
    vitest(report, ['--config', 'test/vitest.config.ts', ...suites.map((name) => `e2e/${name}`)]);
  await Promise.all([
    step(
      'unit tests',
      async () =>
        (await vitest('unit.json', projectArgs(UNIT_LANES.first), {
          [DAM_EXCLUDE_VARIABLE]: DAM_AFTER_BRIDGE.map((file) => `**/${file}`).join(','),
        })) === 0,
    ),
    (async () => {
      if (built)
        await step('end-to-end tests (bridge)', async () => (await endToEnd('e2e.json', lanes.bridge)) === 0);
      await step(
        'unit tests (slow DAM suites)',
        async () =>
          (await vitest('unit-dam-slow.json', [...projectArgs(['dam-app']), ...DAM_AFTER_BRIDGE])) === 0,
      );
    })(),
    (async () => {
      if (built)
        await step(
          'end-to-end tests (DAM web)',
          async () => (await endToEnd('e2e-web.json', lanes.web)) === 0,
        );
      await step(
        'unit tests (more parts)',
        async () => (await vitest('unit-transfer.json', projectArgs(UNIT_LANES.afterWebEndToEnd))) === 0,
      );
    })(),
  ]);
}

const unitFirst = readVitestCounts(join(reports, 'unit.json'));
const unitTransfer = readVitestCounts(join(reports, 'unit-transfer.json'));
const unitDamSlow = readVitestCounts(join(reports, 'unit-dam-slow.json'));
const unit = {
  passed: unitFirst.passed + unitTransfer.passed + unitDamSlow.passed,
  failed: unitFirst.failed + unitTransfer.failed + unitDamSlow.failed,
};
const bridge = readVitestCounts(join(reports, 'e2e.json'));
const web = readVitestCounts(join(reports, 'e2e-web.json'));
const e2e = { passed: bridge.passed + web.passed, failed: bridge.failed + web.failed };
const failedSteps = steps.filter((each) => !each.ok);
console.log('\nSummary');
for (const { name, ok, seconds } of steps)
  console.log(`  ${ok ? '✔' : '✖'} ${name.padEnd(28)} ${seconds.toFixed(1)} s`);
console.log(
  `  unit: ${unit.passed} passed, ${unit.failed} failed; end-to-end: ${e2e.passed} passed, ${e2e.failed} failed`,
);
const failedChecks = failedSteps.filter((each) => !/tests( \(.*\))?$/.test(each.name)).length;
console.log(`${unit.passed + e2e.passed} passed, ${unit.failed + e2e.failed + failedChecks} failed`);
process.exit(failedSteps.length > 0 || !ready ? 1 : 0);
