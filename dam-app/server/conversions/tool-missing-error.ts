/**
 * The converter itself could not be run (not installed, its configured path leads nowhere, not executable): every
 * file would fail the same way until an administrator acts, so it is a per-file failure, never a retry.
 */
export class ToolMissingError extends Error {
  constructor(
    readonly tool: string,
    readonly path: string,
    cause: Error,
  ) {
    super(`${tool} cannot be run from ${path}: ${cause.message}`, { cause });
  }
}

/** Whether an execFile failure is the program not starting (spawn ENOENT, EACCES), not the program failing. */
export function isSpawnFailure(error: { code?: unknown; syscall?: unknown }): boolean {
  return (
    typeof error.syscall === 'string' &&
    error.syscall.startsWith('spawn') &&
    (error.code === 'ENOENT' || error.code === 'EACCES' || error.code === 'ENOTDIR')
  );
}
