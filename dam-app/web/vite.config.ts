import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { MESSAGES } from '../api/messages.ts';
import { precompress } from './precompress-plugin.ts';
import { screenRoutes } from './screen-route-plugin.ts';
import { SDK_SOURCE_ALIASES } from './sdk-source.ts';

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The page's static "Browser not supported." comes from the shared texts, so it is never typed twice. */
const sharedTexts = (): Plugin => ({
  name: 'dam-shared-texts',
  transformIndexHtml: (html) =>
    html.replace('%BROWSER_NOT_SUPPORTED%', escapeHtml(MESSAGES.browserNotSupported)),
});

// The DAM web app, served by the DAM server at `/`. Every screen is its own chunk (React.lazy); no inline script
// or style anywhere, so the server's CSP (`script-src 'self'; style-src 'self'`) holds. Every text file gets a
// brotli and a gzip copy beside it (precompress-plugin.ts), which the server sends by Accept-Encoding.
export default defineConfig({
  root: import.meta.dirname,
  base: '/',
  plugins: [screenRoutes(), react(), sharedTexts(), precompress()],
  resolve: { alias: SDK_SOURCE_ALIASES },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2020',
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
    chunkSizeWarningLimit: 900,
  },
});
