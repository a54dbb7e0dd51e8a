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

describe('RetransmitQueue, many blocks in flight', () => {
  it('holds more than its first ring across acknowledgements and growth, and resends each NACKed block as sent', () => {
    const q = new RetransmitQueue();
    const blockOf = (seq: number) => ({
      fileIndex: seq % 7,
      offset: seq * 1400 + 2 ** 40,
      length: 1400 - (seq % 3),
    });
    for (let seq = 1; seq <= 5000; seq++) q.sent(seq, blockOf(seq));
    q.acknowledgeBelow(3001);
    for (let seq = 5001; seq <= 9000; seq++) q.sent(seq, blockOf(seq));
    expect(q.inFlightCount).toBe(6000);
    expect(
      q.nack([
        [2999, 3002],
        [8999, 9005],
      ]),
    ).toBe(4);
    expect(q.pendingCount).toBe(4);
    expect([q.next(), q.next(), q.next(), q.next(), q.next()]).toEqual([
      { seq: 3001, block: blockOf(3001) },
      { seq: 3002, block: blockOf(3002) },
      { seq: 8999, block: blockOf(8999) },
      { seq: 9000, block: blockOf(9000) },
      undefined,
    ]);
    q.acknowledgeBelow(9001);
    expect(q.inFlightCount).toBe(0);
    expect(q.nack([[1, 9000]])).toBe(0);
  });
});
