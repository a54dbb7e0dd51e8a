import { execFile } from 'node:child_process';
import { access, readFile } from 'node:fs/promises';
import { request } from 'node:https';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ARTIFACTS } from './harness/artifacts.ts';
import { daemonPorts, makeRapidHome, PAGE_ORIGIN } from './harness/host-process.ts';

const LAUNCHER = ARTIFACTS.hostScript.replace('rapid-host.mjs', 'rapid-launch.mjs');
let home: Awaited<ReturnType<typeof makeRapidHome>> | undefined;

beforeAll(() => access(LAUNCHER));
afterEach(async () => {
  await home?.cleanup();
  home = undefined;
});

function launch(uri: string, env: NodeJS.ProcessEnv) {
  return new Promise<number>((resolve) =>
    execFile(process.execPath, [LAUNCHER, uri], { env }, (error) =>
      resolve(error ? Number(error.code ?? 1) : 0),
    ),
  );
}

describe('fasp://initialize launcher', () => {
  it('starts the daemon and hands over the legacy session, which /v6/connect/info/ready then accepts', async () => {
    home = await makeRapidHome();
    const env = { ...home.env, RAPID_LEGACY_PORTS: '0+1' };
    const id = '6d2b0a8e-3c4f-4b1e-9a7d-2f5c8e1b0a9d';
    const key = 'q'.repeat(16).concat('Z9'.repeat(8));
    expect(await launch(`fasp://initialize/?key=${key}&id=${id}`, env)).toBe(0);
    const pid = await home.daemonPid();
    expect(pid).toBeGreaterThan(0);

    const { https } = await daemonPorts(home.home);
    const ca = await readFile(join(home.home, 'tls', 'localhost-ca.pem'), 'utf8');
    const ready = await new Promise<number>((resolve, reject) =>
      request(
        {
          host: '127.0.0.1',
          servername: 'localhost',
          port: https,
          path: '/v6/connect/info/ready',
          ca,
          headers: { origin: PAGE_ORIGIN, 'x-aspera-session-id': id },
        },
        (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        },
      )
        .on('error', reject)
        .end(),
    );
    expect(ready).toBe(200);

    // A second launch without parameters finds the running daemon and leaves it alone.
    expect(await launch('fasp://initialize', env)).toBe(0);
    expect(await home.daemonPid()).toBe(pid);
    expect(await launch('https://example.com', env)).toBe(1);
  });
});
