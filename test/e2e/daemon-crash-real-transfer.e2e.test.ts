import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type NodeFixture, setupSpec, startNodeFixture } from '@rapid/transfer/test-support';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt } from './harness/artifacts.ts';
import { makeRapidHome, spawnHost } from './harness/host-process.ts';
import { isAlive } from './harness/rapid-browser.ts';

let home: Awaited<ReturnType<typeof makeRapidHome>> | undefined;
let host: ReturnType<typeof spawnHost> | undefined;
let node: NodeFixture | undefined;
beforeAll(assertBuilt);
afterEach(async () => {
  await host?.close();
  await home?.cleanup();
  await node?.close();
  host = home = node = undefined;
});

const SIZE = 24 * 1024 * 1024;
const RATE_KBPS = 48_000;
const RATE_BYTES_PER_SECOND = (RATE_KBPS * 1000) / 8;

describe('the daemon killed in the middle of a real transfer', () => {
  it('is restarted by the next call and resumes from the partial file: intact bytes, little re-sent', async () => {
    node = await startNodeFixture();
    const bytes = randomBytes(SIZE);
    await writeFile(join(node.docroot, 'master.mov'), bytes);
    const spec = await setupSpec(node, 'download', { paths: [{ source: '/master.mov' }] });
    home = await makeRapidHome();
    // No engine override: the real rapid/1 engine. HOME gives the daemon a download folder of its own.
    const { RAPID_ENGINE: _engine, RAPID_TEST_DOUBLE_ENGINE: _double, ...env } = home.env;
    await mkdir(join(home.dir, 'Downloads'));
    host = spawnHost({ ...env, HOME: home.dir });

    const started = await host.call('POST', '/connect/transfers/start', {
      transfer_specs: [
        {
          // 48 Mbit/s: about 4 s for the file, so the kill lands in the middle.
          transfer_spec: {
            ...spec,
            paths: [{ source: '/master.mov', destination: 'master.mov' }],
            target_rate_kbps: RATE_KBPS,
          },
          aspera_connect_settings: { app_id: 'e2e', request_id: 'r1' },
        },
      ],
    });
    expect(started.status).toBe(200);
    const id = started.body.transfer_specs[0].uuid as string;
    const info = async () =>
      (await host?.call('POST', `/connect/transfers/info/${id}`, {}))?.body.transfer_info;
    let written = 0;
    for (let i = 0; i < 300 && written < SIZE * 0.35; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      written = (await info()).bytes_written;
    }
    expect(written).toBeGreaterThanOrEqual(SIZE * 0.35);
    expect(written).toBeLessThan(SIZE);
    const killed = (await home.daemonPid()) as number;
    process.kill(killed, 'SIGKILL');
    for (let i = 0; i < 100 && isAlive(killed); i++) await new Promise((resolve) => setTimeout(resolve, 20));

    // The next call finds the daemon gone, starts a new one, which picks the transfer up from its record.
    let last = await info();
    expect(await home.daemonPid()).not.toBe(killed);
    for (let i = 0; i < 600 && !['completed', 'failed'].includes(last.status); i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      last = await info();
    }
    expect(last).toMatchObject({ status: 'completed', bytes_written: SIZE });
    expect((await readFile(join(home.dir, 'Downloads', 'master.mov'))).equals(bytes)).toBe(true);

    // The node saw two sessions under one transfer, and the second began where the first had safely written to:
    // the client's extent checkpoint (synced every 500 ms) survived the kill.
    const records = (await node.api('GET', '/ops/transfers?view=full')).body as {
      sessions: { id: string }[];
      files: { session_id: string; start_byte: number }[];
    }[];
    expect(records).toHaveLength(1);
    const [record] = records as [(typeof records)[number]];
    expect(record.sessions.length).toBeGreaterThanOrEqual(2);
    const resumed = record.files.find((file) => file.session_id === record.sessions.at(-1)?.id);
    // Resumed, not restarted; what it re-sends is at most the last checkpoint's lag (under 2 s at this rate).
    expect(resumed?.start_byte).toBeGreaterThan(0);
    expect(resumed?.start_byte).toBeGreaterThanOrEqual(written - 2 * RATE_BYTES_PER_SECOND);
  }, 120_000);
});
