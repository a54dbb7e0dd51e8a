/** Structured logs: one JSON line per event on stderr, so stdout stays free for what a person reads. */
export interface Logger {
  info(event: string, fields?: Record<string, unknown>): void;
  warn(event: string, fields?: Record<string, unknown>): void;
  error(event: string, fields?: Record<string, unknown>): void;
}

export function createLogger(
  write: (line: string) => void = (line) => process.stderr.write(line),
  base: Record<string, unknown> = { service: 'dam' },
): Logger {
  const emit = (level: string, event: string, fields: Record<string, unknown> = {}) =>
    write(`${JSON.stringify({ time: new Date().toISOString(), level, event, ...base, ...fields })}\n`);
  return {
    info: (event, fields) => emit('info', event, fields),
    warn: (event, fields) => emit('warn', event, fields),
    error: (event, fields) => emit('error', event, fields),
  };
}

export const silentLogger: Logger = { info() {}, warn() {}, error() {} };
