import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { transferSpec } from '@rapid/protocol';
import { type NodeFixture, setupSpec, startNodeFixture } from '@rapid/transfer/test-support';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EngineEvent } from './engine.ts';
import { RapidEngine } from './rapid-engine.ts';

let fixture: NodeFixture;
let downloads = '';

// A node per test: the fixture's API client reuses keep-alive sockets the node may already have closed.
beforeEach(async () => {
  fixture = await startNodeFixture();
  downloads = await mkdtemp(join(tmpdir(), 'rapid-downloads-'));
});
afterEach(async () => {
  await fixture.close();
  await rm(downloads, { recursive: true, force: true });
});

function until(events: EngineEvent[], type: EngineEvent['type'], timeoutMs = 30_000): Promise<void> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const check = () => {
      if (events.some((event) => event.type === type)) return resolve();
      if (Date.now() - started > timeoutMs)
        return reject(new Error(`no ${type} event: ${JSON.stringify(events)}`));
      setTimeout(check, 20);
    };
    check();
  });
}

describe('RapidEngine (the daemon on the real rapid/1 engine)', { timeout: 60_000 }, () => {
  it('downloads from a real node into the download folder and reports the daemon events in order', async () => {
    const bytes = randomBytes(3 * 1024 * 1024);
    await writeFile(join(fixture.docroot, 'master.bin'), bytes);
    const spec = transferSpec.parse({
      ...(await setupSpec(fixture, 'download', { paths: [{ source: '/master.bin' }] })),
      paths: [{ source: '/master.bin', destination: 'master.bin' }],
    });
    const events: EngineEvent[] = [];
    new RapidEngine().start({ id: 'u1', spec, downloadFolder: downloads }, (event) => events.push(event));
    await until(events, 'completed');

    // Compared as bytes, not element by element: toEqual on two 3 MiB buffers took 40 s on a loaded machine.
    expect((await readFile(join(downloads, 'master.bin'))).equals(bytes)).toBe(true);
    const types = events.map((event) => event.type);
    expect(types[0]).toBe('started');
    expect(types).toContain('progress');
    expect(types.indexOf('file-done')).toBeLessThan(types.indexOf('completed'));
    expect(types.at(-1)).toBe('completed');
    expect(events.findLast((event) => event.type === 'progress')).toMatchObject({
      bytes_written: bytes.length,
    });
  });

  it('reports a refused transfer as a final failure with the node error code', async () => {
    const spec = transferSpec.parse({
      ...(await setupSpec(fixture, 'download', { paths: [{ source: '/incoming' }] })),
      paths: [{ source: '/elsewhere.bin', destination: 'x.bin' }],
    });
    const events: EngineEvent[] = [];
    new RapidEngine().start({ id: 'u2', spec, downloadFolder: downloads }, (event) => events.push(event));
    await until(events, 'failed');
    expect(events.at(-1)).toMatchObject({ type: 'failed', code: 41, retryable: false });
  });
});
