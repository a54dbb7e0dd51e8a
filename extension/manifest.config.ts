import { defineManifest } from '@crxjs/vite-plugin';
import hostIdentity from '../manifests/native-host/host.json' with { type: 'json' };
import packageJson from './package.json' with { type: 'json' };

export default defineManifest({
  manifest_version: 3,
  name: 'Rapid',
  description: 'Lets web pages hand large transfers to the Rapid client on this computer.',
  version: packageJson.version,
  // A fixed public key gives the unpacked build a stable id, the one the native-host manifest allows.
  key: hostIdentity.chromium.development_key,
  minimum_chrome_version: '116',
  permissions: ['nativeMessaging'],
  background: { service_worker: 'src/background/service-worker.ts', type: 'module' },
  content_scripts: [
    {
      matches: ['<all_urls>'],
      js: ['src/content/content-script.iife.ts'],
      all_frames: true,
      run_at: 'document_start',
    },
  ],
});
