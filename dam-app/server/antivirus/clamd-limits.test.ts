import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EICAR, EICAR_SIGNATURE, type RunningClamd, startClamd } from '../test-support/clamd.ts';
import { scanFile } from './clamd-client.ts';

// A clamd whose per-file limits are below the stream's, as a site's might be: clamd then reads only the first
// megabyte of a larger file. Without AlertExceedsMax it answers "OK" for the rest, unread (measured: EICAR at 5 MB of a
// 10 MB file was "stream: OK"); the project's config turns the alert on, and the client must not call it a threat.
describe('R-UPLOAD-SCAN: bytes past clamd’s file limits are never clean, nor a threat', () => {
  let clamd: RunningClamd;
  let dir: string;
  beforeAll(async () => {
    clamd = await startClamd({ maxFileSize: '1M' });
    dir = await mkdtemp(join(tmpdir(), 'rapid-clamd-limits-'));
  }, 40_000);
  afterAll(async () => {
    await clamd?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('a file over MaxFileSize, EICAR past the limit, is unscanned with clamd’s reason', async () => {
    const file = join(dir, 'big.bin');
    await writeFile(file, Buffer.concat([randomBytes(1536 * 1024), Buffer.from(EICAR), randomBytes(1024)]));
    const verdict = await scanFile({ socket: clamd.socket }, file);
    expect(verdict).toEqual({
      result: 'unscanned',
      reason: expect.stringContaining('Heuristics.Limits.Exceeded.MaxFileSize'),
    });
  });

  it('a file within the limits is scanned as before', async () => {
    const file = join(dir, 'small.bin');
    await writeFile(file, Buffer.concat([randomBytes(4096), Buffer.from(EICAR)]));
    const verdict = await scanFile({ socket: clamd.socket }, file);
    expect(verdict).toMatchObject({ result: 'infected' });
    expect(verdict.result === 'infected' && verdict.signature).toContain(EICAR_SIGNATURE);
  });
});
