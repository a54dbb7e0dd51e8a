import { execFile } from 'node:child_process';
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { writeHostLauncher } from './host-launcher.ts';

let dir = '';
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('writeHostLauncher', () => {
  it('writes an executable that runs the host with node, its environment and the browser arguments', async () => {
    dir = await mkdtemp(join(tmpdir(), "rapid launcher's "));
    const hostScript = join(dir, 'host.mjs');
    await writeFile(
      hostScript,
      'process.stderr.write(JSON.stringify([process.env.RAPID_HOME, process.argv.slice(2)]));',
    );
    const launcher = await writeHostLauncher({
      binDir: join(dir, 'bin'),
      hostScript,
      nodePath: process.execPath,
      env: { RAPID_HOME: join(dir, "it's home") },
      platform: 'linux',
    });
    expect((await stat(launcher)).mode & 0o111).toBe(0o111);
    const { stderr } = await promisify(execFile)(launcher, ['chrome-extension://abc/']);
    expect(JSON.parse(stderr)).toEqual([join(dir, "it's home"), ['chrome-extension://abc/']]);
  });
});
