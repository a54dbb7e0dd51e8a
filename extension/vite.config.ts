import { crx } from '@crxjs/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { manifestFor } from './manifest.config.ts';

// `vite build` makes the Chromium build in dist/; `vite build --mode firefox` the Firefox one in dist-firefox/.
export default defineConfig(({ mode }) => {
  const browser = mode === 'firefox' ? 'firefox' : 'chrome';
  return {
    plugins: [react(), crx({ manifest: manifestFor(browser), browser })],
    build: {
      outDir: browser === 'firefox' ? 'dist-firefox' : 'dist',
      emptyOutDir: true,
      sourcemap: true,
      // The popup (React + Chakra) loads from disk, never over a network: its size costs little.
      chunkSizeWarningLimit: 700,
    },
  };
});
