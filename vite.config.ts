import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { RENDERER_CSP } from './shared/security/csp.ts';

// The renderer is one static bundle (Monaco and its workers included, nothing from a CDN), loaded from file:// by
// Electron and from the loopback server in browser mode; hence relative asset paths.
export default defineConfig({
  root: 'renderer',
  base: './',
  plugins: [
    react(),
    {
      // One CSP for both hosts: Electron enforces this meta tag; browser mode also sends it as a header.
      name: 'toolbox-editor-csp',
      transformIndexHtml: (html) => html.replace('%RENDERER_CSP%', RENDERER_CSP),
    },
  ],
  build: {
    outDir: '../dist/renderer',
    emptyOutDir: true,
    chunkSizeWarningLimit: 8000,
    sourcemap: false,
    // Monaco's many CSS files make the bundler report plugin timings on every build; they are not actionable here.
    rolldownOptions: { checks: { pluginTimings: false } },
  },
  worker: { format: 'es' },
});
