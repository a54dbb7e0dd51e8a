import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Relative asset URLs: the frame is served from wherever the page's SDK location is.
export default defineConfig({
  base: './',
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true },
});
