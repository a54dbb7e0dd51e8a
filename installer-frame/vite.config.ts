import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const page = (path: string) => fileURLToPath(new URL(path, import.meta.url));

// Both banner styles from one source, laid out as the SDK location expects them (connect-bridge.md §2):
// dist/install/carbon-installer/index.html and dist/install/auto-topbar/index.html, sharing dist/install/assets/.
// Relative asset URLs, so the folder works wherever the page's SDK location is.
export default defineConfig({
  base: './',
  plugins: [react()],
  build: {
    outDir: 'dist/install',
    emptyOutDir: true,
    // No inlined assets: a strict CSP allows only files from the SDK's own origin.
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
    chunkSizeWarningLimit: 700,
    rollupOptions: {
      input: {
        carbon: page('carbon-installer/index.html'),
        blue: page('auto-topbar/index.html'),
        troubleshoot: page('troubleshoot/index.html'),
      },
    },
  },
});
