import { access } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

const root = (path: string) => fileURLToPath(new URL(`../../../${path}`, import.meta.url));

/** The built parts the end-to-end tests run, exactly as `npm run build` leaves them. */
export const ARTIFACTS = {
  extensionDir: root('extension/dist'),
  firefoxExtensionDir: root('extension/dist-firefox'),
  hostScript: root('native-host/dist/rapid-host.mjs'),
  sdkDir: root('sdk/dist'),
  demoPublicDir: root('dam-app/public'),
};

export async function assertBuilt(): Promise<void> {
  for (const path of Object.values(ARTIFACTS)) {
    await access(path).catch(() => {
      throw new Error(`${path} is missing: run \`npm run build\` before the end-to-end tests.`);
    });
  }
}

/** Debian's real Chromium binary; `/usr/bin/chromium` is a wrapper that injects flags (native-messaging.md §8.1). */
export const CHROMIUM_PATH = process.env.RAPID_CHROMIUM ?? '/usr/lib/chromium/chromium';

export const FIREFOX_PATH = process.env.RAPID_FIREFOX ?? '/usr/lib/firefox-esr/firefox-esr';
