import { fileURLToPath } from 'node:url';

/** Where `npm start`'s DAM serves its static files from: the builds of the web app, the SDK and the installer. */
export const STATIC_ROOTS = {
  // The web app's build (dam-app/web/dist); dam-app/public stays for the SDK test pages the e2e tests serve.
  publicDir: fileURLToPath(new URL('../web/dist', import.meta.url)),
  // The SDK's build: the script-tag files, the ESM build and, in docs/, its reference and guides.
  sdkDir: fileURLToPath(new URL('../../sdk/dist', import.meta.url)),
  installerDir: fileURLToPath(new URL('../../installer-frame/dist/install', import.meta.url)),
  releaseDir: fileURLToPath(new URL('../../release', import.meta.url)),
};
