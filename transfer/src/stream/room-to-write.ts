import type { EventEmitter } from 'node:events';

/**
 * Resolves once a stream that refused a write can take more (`drain`) or never will (`close`, `error`), and removes
 * all three listeners whichever comes first: racing two `once()` calls leaves the loser's listeners on the stream,
 * one more per back-pressure wait, until a long download holds thousands.
 */
export function roomToWrite(stream: EventEmitter): Promise<void> {
  return new Promise((resolve) => {
    const settle = () => {
      stream.off('drain', settle);
      stream.off('close', settle);
      stream.off('error', settle);
      resolve();
    };
    stream.on('drain', settle);
    stream.on('close', settle);
    stream.on('error', settle);
  });
}
