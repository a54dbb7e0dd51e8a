import { createReadStream } from 'node:fs';
import { connect, type Socket } from 'node:net';
import type { DamConfig } from '../config/config.ts';

export type ClamdAddress = NonNullable<DamConfig['clamd']>;

/** The three outcomes of a scan, each with its own policy (reference/dam.md "Operations"): never "too big" as clean. */
export type ScanVerdict =
  | { result: 'clean' }
  | { result: 'infected'; signature: string }
  | { result: 'unscanned'; reason: string };

/** Chunks of 1 MiB: few enough writes that the protocol costs nothing, small enough to keep memory flat. */
const CHUNK = 1024 * 1024;

/** Until the socket takes more, or is gone; whichever comes first removes the other's listener. */
function drained(socket: Socket): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      socket.off('drain', done).off('close', done);
      resolve();
    };
    socket.on('drain', done).on('close', done);
  });
}

/**
 * A connection to clamd that collects its one answer: with the `z` prefix clamd ends an answer with NUL, and it may
 * answer (and close) before the request is fully sent — "INSTREAM size limit exceeded" — so the answer is read
 * whatever happens to the writes.
 */
function session(address: ClamdAddress, timeoutMs: number) {
  const socket: Socket = 'socket' in address ? connect(address.socket) : connect(address.port, address.host);
  socket.setTimeout(timeoutMs);
  const answer = new Promise<string>((resolve, reject) => {
    let text = '';
    socket.on('data', (data) => {
      text += data.toString('utf8');
      const end = text.indexOf('\0');
      if (end >= 0) {
        resolve(text.slice(0, end).trim());
        socket.destroy();
      }
    });
    socket.on('end', () =>
      text
        ? resolve(text.replace(/\0/g, '').trim())
        : reject(new Error('clamd closed the connection without an answer')),
    );
    socket.on('timeout', () => {
      socket.destroy();
      reject(new Error(`clamd did not answer within ${timeoutMs} ms`));
    });
    socket.on('error', reject);
  });
  // A write after clamd hung up fails with EPIPE; the answer it sent first is what counts.
  answer.catch(() => {});
  return { socket, answer };
}

/** One command (`PING`, `VERSION`) and its answer. */
export async function clamdCommand(
  address: ClamdAddress,
  command: string,
  timeoutMs = 5_000,
): Promise<string> {
  const { socket, answer } = session(address, timeoutMs);
  socket.write(`z${command}\0`);
  return answer;
}

/**
 * Streams bytes to clamd (INSTREAM: `<length:u32 BE><bytes>`… then a zero length), so clamd needs no access to our
 * files and may run on another host. Whatever is not a clear "OK" or "FOUND" is `unscanned` with clamd's reason.
 */
export async function scanStream(
  address: ClamdAddress,
  source: AsyncIterable<Buffer> | Iterable<Buffer>,
  timeoutMs = 600_000,
): Promise<ScanVerdict> {
  let reply: string;
  try {
    const { socket, answer } = session(address, timeoutMs);
    socket.write('zINSTREAM\0');
    const sent = (async () => {
      for await (const chunk of source) {
        if (socket.destroyed) return;
        const length = Buffer.alloc(4);
        length.writeUInt32BE(chunk.byteLength);
        socket.write(length);
        if (!socket.write(chunk) && !socket.destroyed) await drained(socket);
      }
      if (!socket.destroyed) socket.write(Buffer.alloc(4));
    })();
    // A source that cannot be read ends the session: clamd would wait for the rest until its timeout.
    sent.catch((error: Error) => socket.destroy(error));
    reply = await answer;
  } catch (error) {
    return { result: 'unscanned', reason: (error as Error).message };
  }
  if (/^stream: OK$/.test(reply)) return { result: 'clean' };
  const found = /^stream: (.+) FOUND$/.exec(reply);
  // With AlertExceedsMax (which a site must set: README) clamd names a limit it stopped at as if it were a threat; the
  // bytes past it were never read, so the file is neither clean nor known infected.
  if (found?.[1]?.startsWith('Heuristics.Limits.Exceeded.'))
    return { result: 'unscanned', reason: `clamd stopped at one of its limits: ${found[1]}` };
  if (found) return { result: 'infected', signature: found[1] as string };
  return { result: 'unscanned', reason: reply };
}

/** A file, read in 64 KiB chunks. */
export const scanFile = (address: ClamdAddress, path: string, timeoutMs?: number) =>
  scanStream(address, createReadStream(path, { highWaterMark: CHUNK }), timeoutMs);
