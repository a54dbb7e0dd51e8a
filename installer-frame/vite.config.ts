import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { bannerWeight } from './banner-weight.ts';

/** gzip bytes of JavaScript a banner page may load. */
const BANNER_BUDGET_BYTES = 116 * 1024;

const page = (path: string) => fileURLToPath(new URL(path, import.meta.url));

// Both banner styles from one source, laid out as the SDK location expects them (connect-bridge.md §2):
// dist/install/carbon-installer/index.html and dist/install/auto-topbar/index.html, sharing dist/install/assets/.
// Relative asset URLs, so the folder works wherever the page's SDK location is.
export default defineConfig({
  base: './',
  // The issue's target is 60 KiB; React 19's react-dom client alone is 67 KiB gzip (see installer-frame/WEIGHT.md),
  // so the budget holds today's weight against regressions.
  plugins: [react(), bannerWeight(['carbon', 'blue'], BANNER_BUDGET_BYTES)],
  build: {
    outDir: 'dist/install',
    emptyOutDir: true,
    // No inlined assets: a strict CSP allows only files from the SDK's own origin.
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
    chunkSizeWarningLimit: 700,
    rollupOptions: {
      // Chakra's theme module builds its whole default config (every recipe) at the top level through identity
      // helpers; marked pure, what the frame's own system does not use is dropped from the bundle.
      treeshake: {
        manualPureFunctions: [
          'defineConfig',
          'defineRecipe',
          'defineSlotRecipe',
          'defineTokens',
          'defineSemanticTokens',
        ],
      },
      input: {
        carbon: page('carbon-installer/index.html'),
        blue: page('auto-topbar/index.html'),
        troubleshoot: page('troubleshoot/index.html'),
      },
    },
  },
});
