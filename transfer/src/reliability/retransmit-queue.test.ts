import { describe, expect, it } from 'vitest';
import { RetransmitQueue } from './retransmit-queue.ts';

const block = (offset: number) => ({ fileIndex: 0, offset, length: 100 });

describe('RetransmitQueue', () => {
  it('resends NACKed blocks under their own sequence numbers, once per NACK', () => {
    const q = new RetransmitQueue();
    for (let seq = 1; seq <= 10; seq++) q.sent(seq, block(seq * 100));
    expect(
      q.nack([
        [3, 4],
        [4, 4],
        [8, 8],
      ]),
    ).toBe(3);
    expect([q.next(), q.next(), q.next(), q.next()]).toEqual([
      { seq: 3, block: block(300) },
      { seq: 4, block: block(400) },
      { seq: 8, block: block(800) },
      undefined,
    ]);
  });

  it('forgets acknowledged blocks, ignoring later NACKs for them', () => {
    const q = new RetransmitQueue();
    for (let seq = 1; seq <= 10; seq++) q.sent(seq, block(seq));
    q.nack([[2, 2]]);
    q.acknowledgeBelow(6);
    expect(q.inFlightCount).toBe(5);
    expect(q.next()).toBeUndefined();
    expect(q.nack([[1, 5]])).toBe(0);
  });
});
