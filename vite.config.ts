import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The renderer is one static bundle (Monaco and its workers included, nothing from a CDN), loaded from file:// by
// Electron and from the loopback server in browser mode; hence relative asset paths.
export default defineConfig({
  root: 'renderer',
  base: './',
  plugins: [react()],
  build: {
    outDir: '../dist/renderer',
    emptyOutDir: true,
    chunkSizeWarningLimit: 8000,
    sourcemap: false,
  },
  worker: { format: 'es' },
});
