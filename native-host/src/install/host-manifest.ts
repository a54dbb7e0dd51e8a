import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { HOST_IDENTITY } from '@rapid/protocol';
import type { BrowserFamily } from './manifest-paths.ts';

export interface HostManifest {
  name: string;
  description: string;
  path: string;
  type: 'stdio';
  allowed_origins?: string[];
  allowed_extensions?: string[];
}

/** Chromium browsers allow extension origins, Firefox add-on ids; no wildcards in either (native-messaging.md §4). */
export function buildHostManifest(family: BrowserFamily, hostExecutable: string): HostManifest {
  const base = {
    name: HOST_IDENTITY.name,
    description: HOST_IDENTITY.description,
    path: hostExecutable,
    type: 'stdio' as const,
  };
  return family === 'firefox'
    ? { ...base, allowed_extensions: [...HOST_IDENTITY.firefox.extension_ids] }
    : {
        ...base,
        allowed_origins: HOST_IDENTITY.chromium.extension_ids.map((id) => `chrome-extension://${id}/`),
      };
}

/** Writes `<dir>/<name>.json`; the e2e harness points it at a temporary profile's NativeMessagingHosts/. */
export async function writeHostManifest(
  dir: string,
  family: BrowserFamily,
  hostExecutable: string,
): Promise<string> {
  await mkdir(dir, { recursive: true });
  const file = join(dir, `${HOST_IDENTITY.name}.json`);
  await writeFile(file, `${JSON.stringify(buildHostManifest(family, hostExecutable), null, 2)}\n`);
  return file;
}
