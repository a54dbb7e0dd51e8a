import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HOST_IDENTITY } from '@rapid/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { registerHost, unregisterHost } from './register.ts';

let home = '';
afterEach(() => rm(home, { recursive: true, force: true }));

describe('registerHost on Linux', () => {
  it('registers for installed browsers only, and uninstall removes exactly that', async () => {
    home = await mkdtemp(join(tmpdir(), 'rapid-home-'));
    await mkdir(join(home, '.config/chromium'), { recursive: true });
    await mkdir(join(home, '.mozilla'), { recursive: true });
    const options = {
      home,
      platform: 'linux' as const,
      hostExecutable: '/opt/rapid/rapid-host',
      windowsManifestDir: '',
    };

    const results = await registerHost(options);
    const registered = results.filter((r) => r.outcome === 'registered').map((r) => r.browser);
    expect(registered).toEqual(['chromium', 'firefox']);
    await expect(readdir(join(home, '.config'))).resolves.toEqual(['chromium']);

    const chromium = JSON.parse(
      await readFile(
        join(home, '.config/chromium/NativeMessagingHosts', `${HOST_IDENTITY.name}.json`),
        'utf8',
      ),
    );
    expect(chromium).toMatchObject({ path: '/opt/rapid/rapid-host', type: 'stdio' });
    expect(chromium.allowed_origins).toEqual([
      `chrome-extension://${HOST_IDENTITY.chromium.extension_ids[0]}/`,
    ]);
    const firefox = JSON.parse(
      await readFile(join(home, '.mozilla/native-messaging-hosts', `${HOST_IDENTITY.name}.json`), 'utf8'),
    );
    expect(firefox.allowed_extensions).toEqual(HOST_IDENTITY.firefox.extension_ids);
    expect(firefox).not.toHaveProperty('allowed_origins');

    const removed = await unregisterHost(options);
    expect(removed.filter((r) => r.outcome === 'removed').map((r) => r.browser)).toEqual([
      'chromium',
      'firefox',
    ]);
    await expect(readdir(join(home, '.config/chromium/NativeMessagingHosts'))).resolves.toEqual([]);
  });
});
