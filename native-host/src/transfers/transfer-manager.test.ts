import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TransferSpec } from '@rapid/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { TestDoubleEngine } from './test-double-engine.ts';
import { TransferManager } from './transfer-manager.ts';
import { createTransferStore } from './transfer-store.ts';

let dir = '';
const managers: TransferManager[] = [];
afterEach(async () => {
  await Promise.all(managers.splice(0).map((manager) => manager.close()));
  await rm(dir, { recursive: true, force: true });
});

const spec = (name: string): TransferSpec => ({
  paths: [{ source: `/remote/${name}`, destination: name }],
  remote_host: 'node.example',
  direction: 'receive',
  token: 'Bearer secret',
});

async function manager(concurrentTransfers: number, engine: TestDoubleEngine) {
  dir ||= await mkdtemp(join(tmpdir(), 'rapid-manager-'));
  const made = new TransferManager({
    engine,
    store: createTransferStore(join(dir, 'transfers.json'), 10),
    settings: () => ({ concurrentTransfers, downloadFolder: join(dir, 'Downloads') }),
  });
  await made.restore();
  managers.push(made);
  return made;
}

describe('TransferManager', () => {
  it('runs at most the configured number of transfers at once and starts queued ones as others finish', async () => {
    const engine = new TestDoubleEngine({ tickMs: 5, bytesPerTick: 100, fileBytes: 300 });
    const transfers = await manager(2, engine);
    let maxActive = 0;
    transfers.onChange(() => {
      const { transfers: all } = transfers.activity(undefined, 0);
      maxActive = Math.max(
        maxActive,
        all.filter((each) => ['initiating', 'running'].includes(each.status)).length,
      );
    });
    const started = transfers.start(
      'https://a.example',
      [1, 2, 3, 4, 5].map((n) => ({ spec: spec(`f${n}`), settings: {} })),
    );
    expect(transfers.activity(undefined, 0).transfers.map((each) => each.status)).toEqual([
      'initiating',
      'initiating',
      'queued',
      'queued',
      'queued',
    ]);
    await expect
      .poll(() => transfers.activity(undefined, 0).transfers.every((each) => each.status === 'completed'), {
        timeout: 5000,
      })
      .toBe(true);
    expect(maxActive).toBe(2);
    expect(engine.started).toEqual(started.map((each) => each.uuid));
  });

  it('persists records and resumes unfinished transfers after a restart, keeping the iteration token', async () => {
    const slow = new TestDoubleEngine({ tickMs: 10, bytesPerTick: 10, fileBytes: 1_000_000 });
    const first = await manager(3, slow);
    const [running] = first.start('https://a.example', [{ spec: spec('big'), settings: { app_id: 'x' } }]);
    await expect.poll(() => first.info(undefined, running?.uuid ?? '').bytes_written).toBeGreaterThan(0);
    const token = first.activity(undefined, 0).iteration_token;
    await first.close();
    const stored = await readFile(join(dir, 'transfers.json'), 'utf8');
    expect(stored).toContain('Bearer secret');

    const engine = new TestDoubleEngine({ tickMs: 5, bytesPerTick: 500_000, fileBytes: 1_000_000 });
    const second = await manager(3, engine);
    const info = second.info(undefined, running?.uuid ?? '');
    expect(info.transfer_spec).not.toHaveProperty('token');
    expect(second.activity(undefined, 0).iteration_token).toBeGreaterThan(token);
    await expect
      .poll(() => second.info(undefined, running?.uuid ?? '').status, { timeout: 5000 })
      .toBe('completed');
    expect(engine.started).toEqual([running?.uuid]);
  });

  it('starts empty, keeping the damaged file aside, when the stored list cannot be read', async () => {
    dir = await mkdtemp(join(tmpdir(), 'rapid-manager-'));
    const { writeFile, readdir } = await import('node:fs/promises');
    await writeFile(join(dir, 'transfers.json'), '{"records": [tru');
    const transfers = await manager(1, new TestDoubleEngine({ tickMs: 50, bytesPerTick: 1, fileBytes: 10 }));
    expect(transfers.size).toBe(0);
    expect((await readdir(dir)).some((name) => name.startsWith('transfers.json.damaged-'))).toBe(true);
  });

  it('rejects rate changes that the spec locks or caps', async () => {
    const engine = new TestDoubleEngine({ tickMs: 50, bytesPerTick: 1, fileBytes: 1000 });
    const transfers = await manager(1, engine);
    const [locked] = transfers.start('https://a.example', [
      { spec: { ...spec('l'), lock_target_rate: true, target_rate_cap_kbps: 100 }, settings: {} },
    ]);
    await expect(transfers.modify(undefined, locked?.uuid ?? '', { target_rate_kbps: 50 })).rejects.toThrow(
      /locked/,
    );
    await expect(
      transfers.modify(undefined, locked?.uuid ?? '', { min_rate_kbps: 10 }),
    ).resolves.toMatchObject({
      min_rate_kbps: 10,
    });
  });
});
