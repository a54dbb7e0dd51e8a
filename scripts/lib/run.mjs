import { spawn } from 'node:child_process';

/**
 * Runs a command with inherited stdio and resolves with its exit code (never rejects), so callers can run every
 * step and report all failures at the end.
 * @param {string} command
 * @param {string[]} args
 * @param {{ cwd?: string, env?: NodeJS.ProcessEnv }} [options]
 * @returns {Promise<number>}
 */
export function run(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', ...options });
    child.on('error', (error) => {
      console.error(`Could not run ${command}: ${error.message}`);
      resolve(127);
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 128 : 1)));
  });
}

/** The npm that is running this script, so nested calls use the same version. */
export const NPM = process.env.npm_execpath ? process.execPath : 'npm';
/** @param {string[]} args */
export const npmArgs = (args) => (process.env.npm_execpath ? [process.env.npm_execpath, ...args] : args);
