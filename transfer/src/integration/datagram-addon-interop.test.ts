import type { ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs build script without declarations
import { ADDON_FILE } from '../../native/build.mjs';
import { packetsOpenedOnThreads } from '../engine/thread-socket.ts';
import { TransferEngine } from '../engine/transfer-engine.ts';
import { datagramAddonFile } from '../native/datagram-addon.ts';
import { buildEntry } from '../test-support/build-entry.ts';
import { builtAddon } from '../test-support/built-addon.ts';
import { fetchSetup, nodeProcessSetup, startNodeProcess } from '../test-support/node-process.ts';

const here = fileURLToPath(new URL('.', import.meta.url));
const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const children: ChildProcess[] = [];
const before = process.env.RAPID_DATAGRAM_ADDON;
afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
  if (before === undefined) delete process.env.RAPID_DATAGRAM_ADDON;
  else process.env.RAPID_DATAGRAM_ADDON = before;
});

/**
 * The wire format does not depend on the datagram path: a node on one and a client on the other move files both
 * ways, at an Ethernet-size datagram (many packets) with AES-128 and with plain packets.
 */
describe.each([
  ['a node on JavaScript and a client on the addon', 'off', 'on'],
  ['a node on the addon and a client on JavaScript', 'addon', 'off'],
])('%s', (_name, nodeSetting, clientSetting) => {
  it.each(['aes-128', 'none'])('upload and download, %s, are identical', async (cipher) => {
    builtAddon();
    const docroot = mkdtempSync(join(tmpdir(), 'interop-docroot-'));
    mkdirSync(join(docroot, 'up'));
    const { env, apiPort } = await nodeProcessSetup(docroot);
    const entry = await buildEntry(join(here, '../node/main.ts'));
    const node = await startNodeProcess(entry, {
      ...env,
      RAPID_DATAGRAM_ADDON: nodeSetting === 'addon' ? (ADDON_FILE as string) : 'off',
    });
    children.push(node);
    expect(node.listening.datagram_io).toBe(nodeSetting === 'addon' ? 'addon' : 'javascript');
    process.env.RAPID_DATAGRAM_ADDON = clientSetting;
    expect(datagramAddonFile() !== undefined).toBe(clientSetting === 'on');
    const engine = new TransferEngine({ retryBaseMs: 50 });
    const local = mkdtempSync(join(tmpdir(), 'interop-local-'));
    const data = randomBytes(6 * 1024 * 1024 + 333);
    writeFileSync(join(local, 'file.bin'), data);
    const common = {
      dgram_size: 1472,
      cipher,
      resume: 'none',
      overwrite: 'always',
      file_checksum: 'sha-256',
    };
    const up = await engine
      .start({
        ...(await fetchSetup(apiPort, 'upload', { destination_root: '/up' })),
        ...common,
        paths: [{ source: join(local, 'file.bin') }],
        destination_root: '/up',
      } as never)
      .done();
    expect(up.status).toBe('completed');
    expect(sha(readFileSync(join(docroot, 'up', 'file.bin')))).toBe(sha(data));
    const back = mkdtempSync(join(tmpdir(), 'interop-back-'));
    const openedBefore = packetsOpenedOnThreads();
    const down = await engine
      .start({
        ...(await fetchSetup(apiPort, 'download', { paths: [{ source: '/up/file.bin' }] })),
        ...common,
        destination_root: back,
      } as never)
      .done();
    expect(down.status).toBe('completed');
    expect(sha(readFileSync(join(back, 'file.bin')))).toBe(sha(data));
    // A client on the addon decrypts the download on its drain thread; on JavaScript its event loop does.
    const openedThere = packetsOpenedOnThreads() - openedBefore;
    if (clientSetting === 'on' && cipher !== 'none') expect(openedThere).toBeGreaterThan(4000);
    else expect(openedThere).toBe(0);
    engine.stopAll();
    // A node on the addon receives on its drain thread with UDP GRO and decrypts the upload there (the upload's
    // packets, sealed by the client); on JavaScript its event loop reads and opens them.
    const { udp_receive: receive } = (await node.stop()) as { udp_receive: Record<string, unknown> };
    if (nodeSetting === 'addon') {
      expect(receive).toMatchObject({ on_thread: true, gro: true });
      expect(receive.batched_datagrams as number).toBeGreaterThan(4000);
    } else expect(receive).toMatchObject({ on_thread: false, batched_datagrams: 0, opened_on_thread: 0 });
    if (nodeSetting === 'addon' && cipher !== 'none')
      expect(receive.opened_on_thread as number).toBeGreaterThan(4000);
    else expect(receive.opened_on_thread).toBe(0);
  });
});
