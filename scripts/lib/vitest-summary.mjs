import { existsSync, readFileSync } from 'node:fs';

/**
 * Counts from a Vitest JSON report; a missing or unreadable report counts as one failure, so a runner that died
 * never looks green.
 * @param {string} file
 * @returns {{ passed: number, failed: number, skipped: number }}
 */
export function readVitestCounts(file) {
  if (!existsSync(file)) return { passed: 0, failed: 1, skipped: 0 };
  try {
    const report = JSON.parse(readFileSync(file, 'utf8'));
    const failedTests = report.numFailedTests ?? 0;
    // A file that fails to load fails no test, but it failed all the same.
    const failedFiles = report.numFailedTestSuites ?? 0;
    return {
      passed: report.numPassedTests ?? 0,
      failed: failedTests > 0 ? failedTests : failedFiles,
      skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
    };
  } catch {
    return { passed: 0, failed: 1, skipped: 0 };
  }
}
