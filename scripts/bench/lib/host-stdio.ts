import { spawn } from 'node:child_process';
import { endianness } from 'node:os';

/**
 * Speaks native messaging to the built host directly, as a browser would but without one: the baseline that shows
 * what the browser hops (page → content script → worker) add.
 */
export function openHostStdio(hostScript: string, rapidHome: string) {
  const host = spawn(process.execPath, [hostScript, 'chrome-extension://bench/'], {
    env: { ...process.env, RAPID_HOME: rapidHome },
    stdio: ['pipe', 'pipe', 'ignore'],
  });
  const le = endianness() === 'LE';
  let buffer = Buffer.alloc(0);
  const waiting: ((message: unknown) => void)[] = [];
  host.stdout.on('data', (chunk: Buffer) => {
    buffer = Buffer.concat([buffer, chunk]);
    while (buffer.length >= 4) {
      const length = le ? buffer.readUInt32LE(0) : buffer.readUInt32BE(0);
      if (buffer.length < 4 + length) break;
      const message = JSON.parse(buffer.toString('utf8', 4, 4 + length));
      buffer = buffer.subarray(4 + length);
      waiting.shift()?.(message);
    }
  });
  return {
    call(message: unknown): Promise<unknown> {
      const json = Buffer.from(JSON.stringify(message));
      const header = Buffer.alloc(4);
      if (le) header.writeUInt32LE(json.length);
      else header.writeUInt32BE(json.length);
      return new Promise((resolve) => {
        waiting.push(resolve);
        host.stdin.write(Buffer.concat([header, json]));
      });
    },
    close() {
      host.stdin.end();
    },
  };
}
