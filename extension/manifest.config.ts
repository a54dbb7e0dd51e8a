import { defineManifest } from '@crxjs/vite-plugin';
import hostIdentity from '../manifests/native-host/host.json' with { type: 'json' };
import packageJson from './package.json' with { type: 'json' };

export type TargetBrowser = 'chrome' | 'firefox';

const contentScript = {
  matches: ['<all_urls>'],
  js: ['src/content/content-script.iife.ts'],
  all_frames: true,
  run_at: 'document_start' as const,
};

/** One source tree, two manifests: Chromium (service worker, fixed key) and Firefox (event page, add-on id). */
export function manifestFor(browser: TargetBrowser) {
  const common = {
    manifest_version: 3 as const,
    name: 'Rapid',
    description: 'Lets web pages hand large transfers to the Rapid client on this computer.',
    version: packageJson.version,
    permissions: ['nativeMessaging', 'scripting'],
    // Only to find tabs that wait for the extension after an install (the locator element) and reload them.
    host_permissions: ['http://*/*', 'https://*/*'],
    content_scripts: [contentScript],
    action: { default_title: 'Rapid transfers', default_popup: 'src/popup/index.html' },
  };
  if (browser === 'firefox') {
    return defineManifest({
      ...common,
      background: { scripts: ['src/background/service-worker.ts'], type: 'module' },
      browser_specific_settings: {
        gecko: {
          id: hostIdentity.firefox.extension_ids[0] as string,
          strict_min_version: '140.0',
          data_collection_permissions: { required: ['none'] },
        },
      },
    });
  }
  return defineManifest({
    ...common,
    // A fixed public key gives the unpacked build a stable id, the one the native-host manifest allows.
    key: hostIdentity.chromium.development_key,
    minimum_chrome_version: '116',
    background: { service_worker: 'src/background/service-worker.ts', type: 'module' },
  });
}
