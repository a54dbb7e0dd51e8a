/**
 * The unit projects of `vitest.config.ts` in two lanes of `npm test`. The DAM's server suites are the longest run;
 * the transfer engine's and the native host's go to the DAM web end-to-end lane once its browsers are done, so the
 * three lanes end close together on two cores. unit-lanes.test.ts checks that every project is in exactly one.
 */
export const UNIT_LANES = {
  first: ['dam-app', 'dam-web', 'sdk', 'extension', 'protocol', 'installer-frame', 'scripts'],
  afterWebEndToEnd: ['transfer', 'native-host'],
};

/** Vitest's arguments that select a lane's projects. @param {string[]} projects */
export const projectArgs = (projects) => projects.flatMap((name) => ['--project', name]);
