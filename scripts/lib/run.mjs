import { spawn } from 'node:child_process';

/**
 * Runs a command with inherited stdio and resolves with its exit code (never rejects), so callers can run every
 * step and report all failures at the end. `buffered` holds the command's output back and prints it in one piece
 * when it ends, headed by `buffered`, so a step that runs beside another does not interleave its lines with theirs.
 * @param {string} command
 * @param {string[]} args
 * @param {{ cwd?: string, env?: NodeJS.ProcessEnv, buffered?: string }} [options]
 * @returns {Promise<number>}
 */
export function run(command, args, options = {}) {
  const { buffered, ...spawnOptions } = options;
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      ...spawnOptions,
    });
    /** @type {Buffer[]} */
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    child.on('error', (error) => {
      console.error(`Could not run ${command}: ${error.message}`);
      resolve(127);
    });
    // 'close', not 'exit': the piped output is complete only then.
    child.on('close', (code, signal) => {
      if (buffered && output.length)
        process.stdout.write(`\n── ${buffered} ──\n${Buffer.concat(output).toString()}`);
      resolve(code ?? (signal ? 128 : 1));
    });
  });
}

/** The npm that is running this script, so nested calls use the same version. */
export const NPM = process.env.npm_execpath ? process.execPath : 'npm';
/** @param {string[]} args */
export const npmArgs = (args) => (process.env.npm_execpath ? [process.env.npm_execpath, ...args] : args);
