import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { registerUriHandler, unregisterUriHandler } from './uri-handler.ts';

let dir = '';
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('fasp:// registration on Linux', () => {
  it('writes a desktop entry for the scheme, sets it as default, and removes it again', async () => {
    dir = await mkdtemp(join(tmpdir(), 'rapid-uri-'));
    const defaults: string[] = [];
    const { file, defaultSet } = await registerUriHandler({
      dataHome: dir,
      command: ['/usr/bin/node', '/opt/rapid dist/rapid-launch.mjs'],
      setDefault: async (desktopFile) => {
        defaults.push(desktopFile);
        return true;
      },
    });
    expect(defaultSet).toBe(true);
    expect(defaults).toEqual(['rapid-fasp.desktop']);
    const text = await readFile(file, 'utf8');
    expect(text).toContain('MimeType=x-scheme-handler/fasp;');
    expect(text).toContain('Exec="/usr/bin/node" "/opt/rapid dist/rapid-launch.mjs" %u');
    await unregisterUriHandler(dir);
    await expect(readFile(file)).rejects.toThrow();
  });
});
