import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { TransferRecord } from './transfer-record.ts';

export interface StoredTransfers {
  iteration: number;
  records: TransferRecord[];
}

export interface TransferStore {
  load(): Promise<StoredTransfers>;
  /**
   * Schedules a write of the latest state. Writes coalesce: progress waits up to the interval, an `urgent` change
   * (a new, stopped or finished transfer) is written as soon as the current task ends.
   */
  save(state: () => StoredTransfers, urgent?: boolean): void;
  /** Writes now if a save is pending. */
  flush(): Promise<void>;
}

/**
 * Transfer records as one JSON file, replaced atomically (write, then rename) so a crash leaves the old or the
 * new list, never half of one. Mode 0600: records hold credentials needed to resume.
 */
export function createTransferStore(file: string, delayMs = 500): TransferStore {
  let pending: (() => StoredTransfers) | undefined;
  let timer: NodeJS.Timeout | undefined;
  let soon = false;
  let writing: Promise<void> = Promise.resolve();

  const write = () => {
    timer = undefined;
    const state = pending;
    pending = undefined;
    if (!state) return writing;
    const text = JSON.stringify(state());
    writing = writing.then(async () => {
      await mkdir(dirname(file), { recursive: true, mode: 0o700 });
      const temporary = `${file}.${process.pid}.tmp`;
      await writeFile(temporary, text, { mode: 0o600 });
      await rename(temporary, file);
    });
    return writing;
  };

  return {
    async load() {
      let text: string;
      try {
        text = await readFile(file, 'utf8');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { iteration: 0, records: [] };
        throw error;
      }
      try {
        const parsed = JSON.parse(text) as StoredTransfers;
        if (!Array.isArray(parsed.records)) throw new Error('no records');
        return { iteration: Number(parsed.iteration) || 0, records: parsed.records };
      } catch {
        // A damaged list must not keep the daemon from starting: keep it aside for support and start empty.
        await rename(file, `${file}.damaged-${Date.now()}`);
        return { iteration: 0, records: [] };
      }
    },
    save(state, urgent = false) {
      pending = state;
      if (urgent && timer && !soon) {
        clearTimeout(timer);
        timer = undefined;
      }
      if (!timer) {
        soon = urgent;
        timer = setTimeout(write, urgent ? 0 : delayMs);
      }
    },
    async flush() {
      if (timer) clearTimeout(timer);
      await write();
    },
  };
}
