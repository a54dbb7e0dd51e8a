import { describe, expect, it } from 'vitest';
import { newFileProgress } from '../session/file-progress.ts';
import { HttpSession, SessionCancelled } from './http-session.ts';
import type { NodeTransfer } from './transfer-store.ts';

const session = () =>
  new HttpSession('s1', { id: 'x' } as NodeTransfer, [newFileProgress(0, 'a', 100)], {
    status: 'running',
    clientAddress: '',
    startMs: Date.now(),
    endMs: 0,
    rate: { target_rate_kbps: 1, min_rate_kbps: 0, rate_policy: 'fair' },
    errorCode: 0,
    errorDesc: '',
  });

describe('HTTPS fallback session on the node', () => {
  it('counts moved bytes into the file and the record', () => {
    const s = session();
    s.moved(0, 40);
    s.moved(0, 40);
    expect(s.files[0]?.status).toBe('transferring');
    expect(s.record.counters.bytesTransferred).toBe(80);
    expect(s.record.counters.bytesWritten).toBe(80);
    s.fileCompleted(0);
    expect([s.files[0]?.status, s.record.counters.bytesWritten]).toEqual(['completed', 100]);
  });

  it('holds requests while paused and lets them go on resume', async () => {
    const s = session();
    s.setState('paused');
    let passed = false;
    const waiting = s.gate().then(() => {
      passed = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(passed).toBe(false);
    s.setState('running');
    await waiting;
    expect(passed).toBe(true);
  });

  it('fails held and later requests once cancelled', async () => {
    const s = session();
    s.setState('paused');
    const held = s.gate();
    s.setState('cancelled');
    await expect(held).rejects.toBeInstanceOf(SessionCancelled);
    await expect(s.gate()).rejects.toBeInstanceOf(SessionCancelled);
  });
});
