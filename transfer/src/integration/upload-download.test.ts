import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TransferEngine } from '../engine/transfer-engine.ts';
import type { TransferInfo } from '../engine/transfer-info.ts';
import { type NodeFixture, setupSpec, startNodeFixture } from '../test-support/node-fixture.ts';

const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex');
let fixture: NodeFixture;
const engine = new TransferEngine({ retryBaseMs: 50 });

beforeAll(async () => {
  fixture = await startNodeFixture();
});
afterAll(async () => {
  engine.stopAll();
  await fixture.close();
});

describe('upload and download through a real node', () => {
  it('uploads several files with sha-256 checksums, then downloads them back identical', async () => {
    const local = mkdtempSync(join(tmpdir(), 'client-'));
    const files = {
      'big.bin': randomBytes(3 * 1024 * 1024 + 17),
      'small.txt': Buffer.from('hello'),
      'empty.dat': Buffer.alloc(0),
    };
    for (const [name, data] of Object.entries(files)) writeFileSync(join(local, name), data);
    const spec = await setupSpec(fixture, 'upload', {
      paths: [{ destination: '/incoming/set1' }],
      cookie: 'jdoe,now,3,/incoming,/set1',
    });
    const seen: string[] = [];
    const upload = engine.start({
      ...spec,
      paths: Object.keys(files).map((name) => ({ source: join(local, name) })),
      destination_root: '/incoming/set1',
      file_checksum: 'sha-256',
    });
    upload.on('progress', (info) => {
      if (seen.at(-1) !== info.status) seen.push(info.status);
    });
    const info: TransferInfo = await upload.done();
    expect(info.status).toBe('completed');
    expect(seen[0]).toBe('running');
    expect(info.bytes_written).toBe(info.bytes_expected);
    expect(info.file_counts).toEqual({ attempted: 3, completed: 3, failed: 0, skipped: 0 });
    expect(info.transfer_spec).not.toHaveProperty('token');
    for (const [name, data] of Object.entries(files)) {
      expect(sha(readFileSync(join(fixture.docroot, 'incoming/set1', name)))).toBe(sha(data));
    }

    const back = mkdtempSync(join(tmpdir(), 'back-'));
    const downloadSpec = await setupSpec(fixture, 'download', { paths: [{ source: '/incoming/set1' }] });
    const download = engine.start({
      ...downloadSpec,
      destination_root: back,
      file_checksum: 'sha-256',
      preserve_times: true,
    });
    expect((await download.done()).status).toBe('completed');
    for (const [name, data] of Object.entries(files))
      expect(sha(readFileSync(join(back, 'set1', name)))).toBe(sha(data));
  });

  it('pipelines many small files in one session', async () => {
    const local = mkdtempSync(join(tmpdir(), 'many-'));
    const dir = join(local, 'batch');
    mkdirSync(dir);
    for (let i = 0; i < 400; i++) writeFileSync(join(dir, `f${i}.txt`), `file ${i} `.repeat(100));
    const spec = await setupSpec(fixture, 'upload', { destination_root: '/incoming' });
    const info = await engine
      .start({ ...spec, paths: [{ source: dir }], destination_root: '/incoming' })
      .done();
    expect(info.status).toBe('completed');
    expect(info.file_counts.completed).toBe(400);
    expect(readFileSync(join(fixture.docroot, 'incoming/batch/f399.txt'), 'utf8')).toBe(
      'file 399 '.repeat(100),
    );
    const records = (await fixture.api('GET', '/ops/transfers?view=summary')).body as {
      id: string;
      sessions: unknown[];
    }[];
    const id = (spec.tags as { aspera: { xfer_id: string } }).aspera.xfer_id;
    expect(records.find((r) => r.id === id)?.sessions).toHaveLength(1);
  });

  it('skips files already at the destination under overwrite diff', async () => {
    const local = mkdtempSync(join(tmpdir(), 'skip-'));
    writeFileSync(join(local, 'same.bin'), randomBytes(100_000));
    const spec = await setupSpec(fixture, 'upload', { destination_root: '/incoming/skip' });
    const run = () =>
      engine
        .start({
          ...spec,
          paths: [{ source: join(local, 'same.bin') }],
          destination_root: '/incoming/skip',
          preserve_times: true,
        })
        .done();
    expect((await run()).status).toBe('completed');
    const second = await run();
    expect(second.status).toBe('completed');
    expect(second.file_counts.skipped).toBe(1);
    expect(second.bytes_transferred).toBe(0);
  });
});
