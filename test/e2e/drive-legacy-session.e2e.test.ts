import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { seedDemo } from '@rapid/dam-app/demo';
import { createServices, loadConfig, silentLogger, startDamServer } from '@rapid/dam-app/server';
import type { Browser } from 'puppeteer-core';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiClient } from '../../dam-app/server/test-support/api-client.ts';
import { ARTIFACTS, CHROMIUM_PATH } from './harness/artifacts.ts';
import { makeRapidHome } from './harness/host-process.ts';
import { launchBrowser } from './harness/launch-browser.ts';
import { startTestSite, type TestSite } from './harness/test-site.ts';

// A page using the SDK's DriveClient over the legacy session protocol, against the real daemon started by the real
// fasp:// launcher, with the per-install certificate trusted by Chromium and the daemon's Drive connector talking
// HTTP to the real DAM server's Drive routes (check-out, content, check-in as a new version, cancel).
const DIST = ARTIFACTS.hostScript.replace('/rapid-host.mjs', '');
const ADMIN_PASSWORD = 'Admin-Password-42';
let home: Awaited<ReturnType<typeof makeRapidHome>> | undefined;
let site: TestSite | undefined;
let browser: Browser | undefined;
let dam: Awaited<ReturnType<typeof startDam>> | undefined;
afterEach(async () => {
  await browser?.close();
  await site?.close();
  await dam?.close();
  await home?.cleanup();
  browser = site = dam = home = undefined;
});

/** The real DAM (PGlite, the demo accounts and ACLs), with the given files ingested under Library/Drive. */
async function startDam(files: Record<string, string>) {
  const damHome = await mkdtemp(join(tmpdir(), 'rapid-dam-drive-'));
  const port = await freePort();
  const config = loadConfig({
    DAM_HOME: damHome,
    PORT: String(port),
    DAM_SCRYPT_LOG_N: '10',
    DAM_ADMIN_PASSWORD: ADMIN_PASSWORD,
    DAM_EMBEDDED_NODE: 'false',
    DAM_RECONCILE_SECONDS: '0',
  });
  const runtime = await createServices(config, silentLogger);
  const logins = await seedDemo(runtime.services);
  const server = await startDamServer({
    port,
    publicDir: damHome,
    sdkDir: damHome,
    services: runtime.services,
  });
  const url = `http://127.0.0.1:${port}`;
  const admin = new ApiClient(url);
  await admin.login('admin', ADMIN_PASSWORD);
  const key: string = (await admin.post('/api-keys', { name: 'drive' })).body.key;
  const ids: Record<string, string> = {};
  await mkdir(join(config.storageRoot, 'Library/Drive'), { recursive: true });
  for (const [name, content] of Object.entries(files)) {
    await writeFile(join(config.storageRoot, 'Library/Drive', name), content);
    ids[name] = String((await admin.post('/assets/ingest', { path: `Library/Drive/${name}` })).body.asset.id);
  }
  const asset = (name: string) =>
    runtime.services.db
      .selectFrom('assets')
      .select(['checked_out_by', 'version_number'])
      .where('id', '=', Number(ids[name]))
      .executeTakeFirstOrThrow();
  // Another person of the demo holds one file checked out, as a colleague would.
  const author = logins.find((login) => login.username === 'carlos');
  if (!author) throw new Error('The demo has no content author carlos.');
  const colleague = new ApiClient(url);
  await colleague.login(author.username, author.password);
  const colleagueKey: string = (await colleague.post('/api-keys', { name: 'drive' })).body.key;
  const holdByColleague = async (name: string) => {
    const locked = await fetch(`${url}/api/v1/drive/files/${ids[name]}/lock`, {
      method: 'POST',
      headers: { authorization: `Bearer ${colleagueKey}` },
    });
    if (locked.status !== 200) throw new Error(`carlos could not check out ${name}: ${locked.status}`);
  };
  return {
    url,
    holdByColleague,
    driveUrl: `${url}/api/v1/drive/`,
    key,
    ids,
    asset,
    original: (name: string) => readFile(join(config.storageRoot, 'Library/Drive', name), 'utf8'),
    async close() {
      await server.close();
      await runtime.close();
      await rm(damHome, { recursive: true, force: true });
    },
  };
}

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
    dam = await startDam({ 'brief.txt': 'version 1', 'logo.svg': '<svg/>', 'plan.txt': 'theirs' });
    await dam.holdByColleague('plan.txt');
    const { ids } = dam;
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
        drive_accounts: [{ id: 'dam', name: 'Our DAM', url: dam.driveUrl, token: dam.key }],
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
      accounts: [{ id: 'dam', name: 'Our DAM', url: dam.driveUrl }],
    });
    expect(launches).toEqual([expect.stringMatching(/^fasp:\/\/initialize\/\?key=\w{32}&id=[\w-]+$/)]);

    // A Drive path names the account and the DAM's file id (the asset's id).
    const { checkouts } = await drive('checkout', [`/dam/${ids['brief.txt']}`, `/dam/${ids['logo.svg']}`]);
    const [brief, logo] = checkouts;
    expect(brief).toMatchObject({
      account_id: 'dam',
      name: 'brief.txt',
      filelock: { file_id: ids['brief.txt'], created_by_type: 'user' },
    });
    expect(brief.path).toBe(join(home.dir, 'Downloads', 'Rapid Drive', 'Our DAM', 'brief.txt'));
    expect(await readFile(brief.path, 'utf8')).toBe('version 1');
    // The DAM holds both checked out, by the key's owner.
    expect((await dam.asset('brief.txt')).checked_out_by).not.toBeNull();
    expect((await dam.asset('logo.svg')).checked_out_by).not.toBeNull();

    const taken = await drive('checkout', [`/dam/${ids['plan.txt']}`]);
    expect(taken.failed).toMatchObject({
      error: { code: 502, user_message: expect.stringMatching(/^Our DAM: /) },
    });

    // Check-in: the edited copy becomes the asset's next version in the DAM, and the check-out ends.
    await writeFile(brief.path, 'version 2');
    await drive('checkin', [brief.checkout_id]);
    expect(await dam.asset('brief.txt')).toEqual({ checked_out_by: null, version_number: 2 });
    expect(await dam.original('brief.txt')).toBe('version 2');
    const versions = await new ApiClient(dam.url, { bearer: dam.key }).get(
      `/assets/${ids['brief.txt']}/versions`,
    );
    expect(
      versions.body.map((version: { number: number; size: number }) => [version.number, version.size]),
    ).toEqual([
      [2, 'version 2'.length],
      [1, 'version 1'.length],
    ]);
    // Revert cancels the check-out in the DAM and discards the local copy; no version is made.
    await drive('revert', [logo.checkout_id]);
    await expect(readFile(logo.path)).rejects.toThrow();
    expect(await dam.asset('logo.svg')).toEqual({ checked_out_by: null, version_number: 1 });
    expect(await dam.original('logo.svg')).toBe('<svg/>');
    expect(launches).toHaveLength(1);
  });
});
