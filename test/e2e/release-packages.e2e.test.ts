import { execFile } from 'node:child_process';
import { access, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { HOST_IDENTITY } from '@rapid/protocol';
import { unzipSync } from 'fflate';
import { afterEach, describe, expect, it } from 'vitest';
import { INSTALLER_ARTIFACTS } from './harness/installer-site.ts';

const run = promisify(execFile);
const bin = join(INSTALLER_ARTIFACTS.releaseDir, 'bin');
let dir = '';
afterEach(() => rm(dir, { recursive: true, force: true }));

async function releaseFile(pattern: RegExp): Promise<string> {
  const name = (await readdir(bin)).find((each) => pattern.test(each));
  if (!name) throw new Error(`no release file matches ${pattern}: run \`npm run build\``);
  return join(bin, name);
}

const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  );

describe('release packages', () => {
  it('the Linux archive installs for the browsers present, handles fasp://, and uninstalls cleanly', async () => {
    dir = await mkdtemp(join(tmpdir(), 'rapid-release-'));
    const home = join(dir, 'home');
    await mkdir(join(home, '.config/chromium'), { recursive: true });
    await mkdir(join(home, '.mozilla'), { recursive: true });
    await run('tar', ['-xzf', await releaseFile(/^rapid-client-.*-linux\.tar\.gz$/), '-C', dir]);
    const [unpacked] = (await readdir(dir)).filter((each) => each.startsWith('rapid-client-'));
    const env = { PATH: process.env.PATH ?? '', HOME: home };

    await run('sh', [join(dir, `${unpacked}`, 'install.sh')], { env });

    const manifestName = `${HOST_IDENTITY.name}.json`;
    const chromium = JSON.parse(
      await readFile(join(home, '.config/chromium/NativeMessagingHosts', manifestName), 'utf8'),
    );
    const firefox = JSON.parse(
      await readFile(join(home, '.mozilla/native-messaging-hosts', manifestName), 'utf8'),
    );
    expect(chromium.allowed_origins).toEqual([
      `chrome-extension://${HOST_IDENTITY.chromium.extension_ids[0]}/`,
    ]);
    expect(firefox.allowed_extensions).toEqual(HOST_IDENTITY.firefox.extension_ids);
    expect((await stat(chromium.path)).mode & 0o111).toBe(0o111);
    expect(await exists(join(home, '.config/google-chrome'))).toBe(false);
    const desktop = await readFile(join(home, '.local/share/applications/rapid-fasp.desktop'), 'utf8');
    expect(desktop).toContain('MimeType=x-scheme-handler/fasp;');
    const daemon = desktop.match(/^Exec="([^"]+)" %u$/m)?.[1] ?? '';
    expect((await stat(daemon)).mode & 0o111).toBe(0o111);

    await run('sh', [join(dir, `${unpacked}`, 'uninstall.sh')], { env });
    expect(await exists(join(home, '.config/chromium/NativeMessagingHosts', manifestName))).toBe(false);
    expect(await exists(join(home, '.mozilla/native-messaging-hosts', manifestName))).toBe(false);
    expect(await exists(join(home, '.local/share/applications/rapid-fasp.desktop'))).toBe(false);
    expect(await exists(chromium.path)).toBe(false);
    expect(await exists(daemon)).toBe(false);
  });

  it('the client archive’s daemon refuses the test doubles: they are built into test builds only', async () => {
    dir = await mkdtemp(join(tmpdir(), 'rapid-release-'));
    await run('tar', ['-xzf', await releaseFile(/^rapid-client-.*-linux\.tar\.gz$/), '-C', dir]);
    const [unpacked = ''] = (await readdir(dir)).filter((each) => each.startsWith('rapid-client-'));
    const daemon = join(dir, unpacked, 'lib', 'rapid-daemon.mjs');
    await writeFile(join(dir, 'script.json'), '{}');
    const settings = [
      { RAPID_ENGINE: 'test-double' },
      { RAPID_UI: 'scripted', RAPID_UI_SCRIPT: join(dir, 'script.json') },
    ];
    for (const [index, setting] of settings.entries()) {
      const home = join(dir, `home-${index}`);
      await mkdir(home, { recursive: true });
      // Ports of their own: a daemon that wrongly starts must not take the ones other suites use.
      const env = {
        PATH: process.env.PATH ?? '',
        HOME: home,
        RAPID_HOME: join(home, 'rapid'),
        RAPID_HTTP_PORTS: '47301+1',
        RAPID_LEGACY_PORTS: '47302+1',
        RAPID_DRIVE_PORTS: '47303+1',
        ...setting,
      };
      const ended = await run(process.execPath, [daemon], { env, timeout: 20_000 }).then(
        () => ({ code: 0, stderr: '', killed: false }),
        (error: { code?: number; stderr?: string; killed?: boolean }) => ({
          code: error.code,
          stderr: error.stderr ?? '',
          killed: error.killed ?? false,
        }),
      );
      const [name] = Object.entries(setting)[0] ?? [];
      expect(ended).toMatchObject({ code: 1, killed: false });
      expect(ended.stderr).toContain(
        `${name}=${setting[name as keyof typeof setting]} selects a test double`,
      );
    }
    const shipped = await readFile(daemon, 'utf8');
    expect(shipped).not.toContain('TestDoubleEngine');
    expect(shipped).not.toContain('createScriptedUi');
  });

  it('the extension packages are the Chromium and Firefox builds, zipped', async () => {
    const chromium = unzipSync(await readFile(await releaseFile(/^rapid-extension-chromium-.*\.zip$/)));
    const firefox = unzipSync(await readFile(await releaseFile(/^rapid-extension-firefox-.*\.xpi$/)));
    const manifest = (files: Record<string, Uint8Array>) =>
      JSON.parse(new TextDecoder().decode(files['manifest.json']));
    expect(manifest(chromium)).toMatchObject({
      manifest_version: 3,
      key: HOST_IDENTITY.chromium.development_key,
    });
    expect(manifest(firefox).browser_specific_settings.gecko.id).toBe(HOST_IDENTITY.firefox.extension_ids[0]);
    expect(Object.keys(firefox).some((name) => name.endsWith('.map'))).toBe(false);
  });

  it('the .xpi itself passes web-ext lint with no errors', async () => {
    dir = await mkdtemp(join(tmpdir(), 'rapid-xpi-'));
    const files = unzipSync(await readFile(await releaseFile(/^rapid-extension-firefox-.*\.xpi$/)));
    for (const [name, bytes] of Object.entries(files)) {
      if (name.endsWith('/')) continue;
      await mkdir(dirname(join(dir, name)), { recursive: true });
      await writeFile(join(dir, name), bytes);
    }
    const webExt = fileURLToPath(new URL('../../node_modules/.bin/web-ext', import.meta.url));
    const { stdout } = await run(webExt, ['lint', '--source-dir', dir, '--output', 'json'], {
      maxBuffer: 16 * 1024 * 1024,
    }).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
    expect((JSON.parse(stdout) as { errors: unknown[] }).errors).toEqual([]);
  });

  it('the macOS archive’s scripts are valid sh and use the macOS folders', async () => {
    dir = await mkdtemp(join(tmpdir(), 'rapid-release-'));
    await run('tar', ['-xzf', await releaseFile(/^rapid-client-.*-macos\.tar\.gz$/), '-C', dir]);
    const [unpacked = ''] = (await readdir(dir)).filter((each) => each.startsWith('rapid-client-'));
    for (const script of ['install.sh', 'uninstall.sh']) {
      const path = join(dir, unpacked, script);
      await run('sh', ['-n', path]);
      expect((await stat(path)).mode & 0o111).toBe(0o111);
      expect(await readFile(path, 'utf8')).toContain('Library/Application Support/Rapid');
    }
    expect(await readFile(join(dir, unpacked, 'install.sh'), 'utf8')).not.toContain('.desktop');
  });

  it('the Windows archive carries the programs and PowerShell install scripts', async () => {
    const files = unzipSync(await readFile(await releaseFile(/^rapid-client-.*-windows\.zip$/)));
    const names = Object.keys(files).map((name) => name.replace(/^[^/]+\//, ''));
    expect(names).toEqual(
      expect.arrayContaining([
        'install.ps1',
        'uninstall.ps1',
        'README.txt',
        'lib/rapid-host.mjs',
        'lib/rapid-daemon.mjs',
        'lib/rapid-register.mjs',
      ]),
    );
    const install = new TextDecoder().decode(
      Object.entries(files).find(([name]) => name.endsWith('install.ps1'))?.[1],
    );
    expect(install).toContain('\r\n');
    expect(install).toContain('rapid-register.mjs');
  });
});
