import { appendFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

export interface Logger {
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
  /** Resolves when every line so far is on disk. */
  flush(): Promise<void>;
}

const ORDER: Record<LogLevel, number> = { debug: 0, info: 1, warn: 2, error: 3 };

/**
 * JSON lines to `<logDir>/<name>.log` and to stderr, never to stdout: a native host's stdout carries only framed
 * messages (native-messaging.md §3). Writes are chained so lines stay in order without blocking the caller.
 */
export function createLogger(name: string, logDir: string, minimum: LogLevel = 'info'): Logger {
  const file = join(logDir, `${name}.log`);
  let chain: Promise<void> = mkdir(logDir, { recursive: true }).then(
    () => undefined,
    () => undefined,
  );

  const write = (level: LogLevel, message: string, fields?: Record<string, unknown>) => {
    if (ORDER[level] < ORDER[minimum]) return;
    const line = `${JSON.stringify({ time: new Date().toISOString(), level, name, pid: process.pid, message, ...fields })}\n`;
    process.stderr.write(line);
    chain = chain.then(() => appendFile(file, line)).catch(() => undefined);
  };

  return {
    debug: (message, fields) => write('debug', message, fields),
    info: (message, fields) => write('info', message, fields),
    warn: (message, fields) => write('warn', message, fields),
    error: (message, fields) => write('error', message, fields),
    flush: () => chain,
  };
}

export function errorFields(error: unknown): Record<string, unknown> {
  return error instanceof Error ? { error: error.message, stack: error.stack } : { error: String(error) };
}
