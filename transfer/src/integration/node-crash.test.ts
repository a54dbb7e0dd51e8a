import type { ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { TransferEngine, type TransferHandle } from '../engine/transfer-engine.ts';
import type { TransferInfo } from '../engine/transfer-info.ts';
import { buildEntry } from '../test-support/build-entry.ts';
import { fetchSetup, nodeProcessSetup, startNodeProcess } from '../test-support/node-process.ts';
import { sentBytesOf } from '../test-support/sent-bytes.ts';

const here = fileURLToPath(new URL('.', import.meta.url));
const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const SIZE = 48 * 1024 * 1024;
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
});

/** A node process on `docroot` that can be killed and started again on the same ports, secret and docroot. */
async function restartableNode(docroot: string) {
  const { env, apiPort } = await nodeProcessSetup(docroot);
  const entry = await buildEntry(join(here, '../node/main.ts'));
  const start = async () => {
    const child = await startNodeProcess(entry, env);
    children.push(child);
    return child;
  };
  return { apiPort, start };
}

/** Resolves at the first progress event for which `reached` holds. */
function until(handle: TransferHandle, reached: (info: TransferInfo) => boolean): Promise<void> {
  return new Promise<void>((resolve) => {
    const check = (info: TransferInfo) => {
      if (!reached(info)) return;
      handle.off('progress', check);
      resolve();
    };
    handle.on('progress', check);
  });
}

describe('node crash', () => {
  it('SIGKILL of the node at half an upload: the client resumes by itself, the file is identical, re-sent < 5 %', async () => {
    const docroot = mkdtempSync(join(tmpdir(), 'crash-docroot-'));
    const local = mkdtempSync(join(tmpdir(), 'crash-local-'));
    const data = randomBytes(SIZE);
    writeFileSync(join(local, 'big.bin'), data);
    const { apiPort, start } = await restartableNode(docroot);
    let node = await start();
    const spec = {
      ...(await fetchSetup(apiPort, 'upload', { destination_root: '/' })),
      target_rate_kbps: 40_000,
      rate_policy: 'fixed',
      paths: [{ source: join(local, 'big.bin') }],
      destination_root: '/',
    };
    const handle = new TransferEngine({ retryBaseMs: 200 }).start(spec, { retries: 8 });
    const sent = sentBytesOf(handle);
    await until(handle, (info) => info.bytes_written >= SIZE / 2);
    node.kill('SIGKILL');
    await once(node, 'exit');
    node = await start();
    const info = await handle.done();
    node.kill('SIGTERM');
    expect([info.status, info.retry_count > 0]).toEqual(['completed', true]);
    expect(sha(readFileSync(join(docroot, 'big.bin')))).toBe(sha(data));
    expect((sent() - SIZE) / SIZE).toBeLessThan(0.05);
  }, 60_000);

  it('SIGKILL of the node amid many small files: what is in place is whole, checkpoints claim only what is there, the retry completes', async () => {
    const docroot = mkdtempSync(join(tmpdir(), 'crash-docroot-'));
    const local = mkdtempSync(join(tmpdir(), 'crash-local-'));
    mkdirSync(join(local, 'set'));
    const COUNT = 2000;
    const sources = new Map<string, Buffer>();
    for (let i = 0; i < COUNT; i++) {
      const data = randomBytes(i % 10 === 0 ? 100_000 : 4096);
      sources.set(`f${i}.bin`, data);
      writeFileSync(join(local, 'set', `f${i}.bin`), data);
    }
    const { apiPort, start } = await restartableNode(docroot);
    let node = await start();
    const spec = {
      ...(await fetchSetup(apiPort, 'upload', { destination_root: '/' })),
      target_rate_kbps: 20_000,
      rate_policy: 'fixed',
      paths: [{ source: join(local, 'set') }],
      destination_root: '/',
    };
    const handle = new TransferEngine({ retryBaseMs: 200 }).start(spec, { retries: 8 });
    await until(handle, (info) => info.file_counts.completed >= COUNT / 2);
    node.kill('SIGKILL');
    await once(node, 'exit');
    const landed = join(docroot, 'set');
    for (const name of readdirSync(landed)) {
      if (name.endsWith('.partial.rapid')) {
        const checkpoint = JSON.parse(readFileSync(join(landed, name), 'utf8')) as {
          extents: [number, number][];
        };
        const partial = readFileSync(join(landed, name.slice(0, -'.rapid'.length)));
        const source = sources.get(name.slice(0, -'.partial.rapid'.length)) as Buffer;
        for (const [from, to] of checkpoint.extents)
          expect(partial.subarray(from, to).equals(source.subarray(from, to)), name).toBe(true);
      } else if (!name.endsWith('.partial')) {
        expect(readFileSync(join(landed, name)).equals(sources.get(name) as Buffer), name).toBe(true);
      }
    }
    node = await start();
    const info = await handle.done();
    node.kill('SIGTERM');
    expect([info.status, info.retry_count > 0, info.file_counts.completed]).toEqual([
      'completed',
      true,
      COUNT,
    ]);
    for (const [name, data] of sources)
      expect(readFileSync(join(landed, name)).equals(data), name).toBe(true);
    expect(readdirSync(landed).filter((name) => name.includes('.partial'))).toEqual([]);
  }, 90_000);
});
