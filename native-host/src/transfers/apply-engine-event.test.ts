import { transferSpec } from '@rapid/protocol';
import { describe, expect, it } from 'vitest';
import { applyEngineEvent } from './apply-engine-event.ts';
import { newRecord } from './transfer-record.ts';

const now = new Date('2026-11-21T10:00:00Z');

function record() {
  const spec = transferSpec.parse({
    paths: [{ source: '/assets/master.mov', destination: 'master.mov' }],
    remote_host: 'node.example',
    direction: 'receive',
  });
  return newRecord({
    uuid: 'u1',
    spec,
    settings: {},
    origin: 'https://dam.example',
    explorerPath: '/tmp',
    now,
  });
}

describe('applyEngineEvent', () => {
  it('derives percentage and the time left, in microseconds, from bytes and rate', () => {
    const transfer = record();
    applyEngineEvent(
      transfer,
      {
        type: 'progress',
        bytes_written: 1_000_000,
        bytes_expected: 2_000_000,
        rate_kbps: 8000,
        current_file: 'master.mov',
        files: [],
      },
      now,
    );
    expect(transfer.info.status).toBe('running');
    expect(transfer.info.percentage).toBe(0.5);
    // 1,000,000 bytes left at 8,000 kbit/s (1 MB/s) is one second.
    expect(transfer.info.remaining_usec).toBe(1_000_000);
  });
});
