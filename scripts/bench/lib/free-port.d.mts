/** A TCP port free on 127.0.0.1 right now, for a server a benchmark starts. */
export function freePort(): Promise<number>;
