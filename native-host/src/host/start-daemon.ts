import { spawn } from 'node:child_process';

/**
 * Starts the daemon detached, with no stdio: it must outlive the browser's port and must never hold the native
 * messaging pipe open.
 */
export function startDaemonProcess(daemonScript: string): void {
  const child = spawn(process.execPath, [daemonScript], {
    detached: true,
    stdio: 'ignore',
    env: process.env,
  });
  child.unref();
}
