/**
 * The unit projects of `vitest.config.ts` in two lanes of `npm test`. The DAM's server suites are the longest run
 * (about 470 s of tests in 126 files); the transfer engine's, the native host's, the web app's and the SDK's go to
 * the DAM web end-to-end lane once its browsers are done, so the three lanes end close together on two cores (run of
 * f4bb462: unit 996 s, bridge 800 s, DAM web 525 s + transfer and host 165 s, before the web app and SDK moved).
 * unit-lanes.test.ts checks that every project is in exactly one.
 */
export const UNIT_LANES = {
  first: ['dam-app', 'extension', 'protocol', 'installer-frame', 'scripts'],
  afterWebEndToEnd: ['transfer', 'native-host', 'dam-web', 'sdk'],
};

/**
 * The DAM's two slowest server suites (about 130 s of a 1,111 s first lane in the run of 4f955ef, where the bridge
 * lane ended 260 s earlier) run after the bridge end-to-end suites instead. The first lane leaves them out through
 * the environment variable dam-app's vitest config reads, since vitest's --exclude does not reach a project's files.
 */
export const DAM_AFTER_BRIDGE = ['server/intents/crash-matrix.test.ts', 'server/api/route-fuzz.test.ts'];
export const DAM_EXCLUDE_VARIABLE = 'RAPID_DAM_UNIT_EXCLUDE';

/** Vitest's arguments that select a lane's projects. @param {string[]} projects */
export const projectArgs = (projects) => projects.flatMap((name) => ['--project', name]);
