import { describe, expect, it } from 'vitest';
import { MemoryStorage } from './memory-storage.ts';
import { PROGRESS_RECORD_KEY, ProgressStore, usableStorage } from './progress-record.ts';

describe('the progress record (R-PROGRESS-RECORD)', () => {
  it('keeps uploads by cookie and resumes only those not cancelled, not failed and not completed', () => {
    const store = new ProgressStore(new MemoryStorage());
    const initial = { nodeUrl: 'https://node', fileCount: 1, processed: [] };
    for (const cookie of ['a', 'b', 'c', 'd']) store.update(cookie, (entry) => entry, initial);
    store.update('b', (entry) => ({ ...entry, cancelled: true }));
    store.update('c', (entry) => ({ ...entry, error: 'disk full' }));
    store.complete('d');
    expect(store.resumable().map(([cookie]) => cookie)).toEqual(['a']);
    expect(store.read().completed).toEqual(['d']);
  });

  it('reads a damaged record as empty instead of failing', () => {
    const storage = new MemoryStorage();
    storage.setItem(PROGRESS_RECORD_KEY, '{"uploads": 3');
    expect(new ProgressStore(storage).read()).toEqual({ uploads: {}, completed: [] });
    storage.setItem(PROGRESS_RECORD_KEY, JSON.stringify({ uploads: { x: { nodeUrl: 1 } }, completed: [] }));
    expect(new ProgressStore(storage).read()).toEqual({ uploads: {}, completed: [] });
  });

  it('finds localStorage unusable when it throws (disabled, or full)', () => {
    expect(
      usableStorage(() => {
        throw new DOMException('denied', 'SecurityError');
      }),
    ).toBeUndefined();
    const full = new MemoryStorage();
    full.setItem = () => {
      throw new DOMException('full', 'QuotaExceededError');
    };
    expect(usableStorage(() => full)).toBeUndefined();
    const fine = new MemoryStorage();
    expect(usableStorage(() => fine)).toBe(fine);
    expect(fine.length).toBe(0);
  });
});
