import { execFile } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { startTestDoubleDriveHttpServer } from '@rapid/native-host/test-doubles/drive-http-server';
import type { Browser } from 'puppeteer-core';
import { afterEach, describe, expect, it } from 'vitest';
import { ARTIFACTS, CHROMIUM_PATH } from './harness/artifacts.ts';
import { makeRapidHome } from './harness/host-process.ts';
import { launchBrowser } from './harness/launch-browser.ts';
import { startTestSite, type TestSite } from './harness/test-site.ts';

// A page using the SDK's DriveClient over the legacy session protocol, against the real daemon started by the real
// fasp:// launcher, with the per-install certificate trusted by Chromium and the daemon's Drive connector talking
// HTTP to a Drive server (a test double of the DAM server's side).
const DIST = ARTIFACTS.hostScript.replace('/rapid-host.mjs', '');
let home: Awaited<ReturnType<typeof makeRapidHome>> | undefined;
let site: TestSite | undefined;
let browser: Browser | undefined;
let driveServer: Awaited<ReturnType<typeof startTestDoubleDriveHttpServer>> | undefined;
afterEach(async () => {
  await browser?.close();
  await site?.close();
  await driveServer?.close();
  await home?.cleanup();
  browser = site = driveServer = home = undefined;
});

const run = (script: string, args: string[], env: NodeJS.ProcessEnv) =>
  new Promise<string>((resolve, reject) =>
    execFile(process.execPath, [join(DIST, script), ...args], { env }, (error, _out, err) =>
      error ? reject(new Error(`${script}: ${err}`)) : resolve(err),
    ),
  );

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('Drive through the page SDK', () => {
  it('launches the client with a session, then checks files out, in and back', async () => {
    home = await makeRapidHome();
    const serverFiles = join(home.dir, 'dam-files');
    await mkdir(serverFiles);
    await writeFile(join(serverFiles, 'brief.txt'), 'version 1');
    await writeFile(join(serverFiles, 'logo.svg'), '<svg/>');
    driveServer = await startTestDoubleDriveHttpServer(serverFiles, 'dam-token');
    site = await startTestSite({
      'index.html': '<!doctype html><title>DAM</title><script type="module" src="/drive-page.js"></script>',
    });
    const siteOrigin = new URL(site.url).origin;
    await home.setScript({ consent: { [siteOrigin]: true } });
    const drivePort = await freePort();
    const env = {
      ...home.env,
      HOME: home.dir,
      XDG_DATA_HOME: join(home.dir, 'share'),
      XDG_CONFIG_HOME: join(home.dir, 'config'),
      RAPID_DRIVE_PORTS: `${drivePort}+1`,
    };
    await mkdir(home.home, { recursive: true });
    await writeFile(
      join(home.home, 'settings.json'),
      JSON.stringify({
        drive_accounts: [{ id: 'dam', name: 'Our DAM', url: driveServer.url, token: 'dam-token' }],
      }),
    );
    // Registration makes the localhost certificate and adds it to Chromium's store in this HOME.
    expect(await run('rapid-register.mjs', ['install'], env)).toMatch(/https\s+registered/);

    browser = await launchBrowser({
      executablePath: CHROMIUM_PATH,
      headless: true,
      pipe: true,
      env,
      userDataDir: join(home.dir, 'profile'),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--no-first-run',
        '--host-resolver-rules=MAP local.connectme.us 127.0.0.1',
      ],
    });
    const page = await browser.newPage();
    // What the OS does with a fasp:// link: run the registered launcher with it.
    const launches: string[] = [];
    await page.exposeFunction('rapidLaunch', async (uri: string) => {
      launches.push(uri);
      await run('rapid-launch.mjs', [uri], env);
    });
    await page.setRequestInterception(true);
    page.on('request', (request) => {
      if (!request.url().endsWith('/drive-page.js')) return void request.continue();
      void request.respond({
        contentType: 'text/javascript',
        body: `import { DriveClient } from '/sdk/esm/index.js';
          window.drive = new DriveClient({ launch: (uri) => window.rapidLaunch(uri), firstPort: ${drivePort} });`,
      });
    });
    await page.goto(site.url);
    await page.waitForFunction(() => 'drive' in window);

    // biome-ignore lint/suspicious/noExplicitAny: the page's DriveClient, typed by the assertions below
    const drive = (call: string, arg?: unknown): Promise<any> =>
      page.evaluate(
        // biome-ignore lint/suspicious/noExplicitAny: see above
        (name, value) => (window as any).drive[name](value).catch((error: unknown) => ({ failed: error })),
        call,
        arg,
      );

    expect(await drive('getAccounts')).toEqual({
      accounts: [{ id: 'dam', name: 'Our DAM', url: driveServer.url }],
    });
    expect(launches).toEqual([expect.stringMatching(/^fasp:\/\/initialize\/\?key=\w{32}&id=[\w-]+$/)]);

    const { checkouts } = await drive('checkout', ['/dam/brief.txt', '/dam/logo.svg']);
    const [brief, logo] = checkouts;
    expect(brief).toMatchObject({ account_id: 'dam', name: 'brief.txt', filelock: { file_id: 'brief.txt' } });
    expect(brief.path).toBe(join(home.dir, 'Downloads', 'Rapid Drive', 'Our DAM', 'brief.txt'));
    expect(await readFile(brief.path, 'utf8')).toBe('version 1');
    expect(driveServer.locks).toEqual(new Set(['brief.txt', 'logo.svg']));

    const taken = await drive('checkout', ['/dam/brief.txt']);
    expect(taken.failed).toMatchObject({
      error: { code: 502, user_message: 'Our DAM: brief.txt is already checked out.' },
    });

    await writeFile(brief.path, 'version 2');
    await drive('checkin', [brief.checkout_id]);
    expect(driveServer.versions).toEqual([{ fileId: 'brief.txt', content: 'version 2' }]);
    // REVERT goes over the wire as its own HTTP method.
    await drive('revert', [logo.checkout_id]);
    await expect(readFile(logo.path)).rejects.toThrow();
    expect(driveServer.locks.size).toBe(0);
    expect(driveServer.requests.filter((line) => line.startsWith('DELETE'))).toHaveLength(2);
    expect(launches).toHaveLength(1);
  });
});
