// Builds everything the app runs from: the renderer (Vite) and the Node-side bundles (esbuild).
//   node scripts/build.mjs          everything
//   node scripts/build.mjs --node   only the CLI and Electron bundles (fast, for CLI work)
import { build as esbuild } from 'esbuild';
import { chmodSync } from 'node:fs';

const nodeOnly = process.argv.includes('--node');

// import.meta.url does not exist in CommonJS output; give bundled code the bundle's own file URL instead,
// so `node/paths.ts` finds resources/ the same way under Vitest (ESM) and in the bundles (CJS).
const common = {
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  define: { 'import.meta.url': '__bundleFileUrl' },
  banner: { js: "const __bundleFileUrl = require('node:url').pathToFileURL(__filename).href;" },
};

const jobs = [
  esbuild({ ...common, entryPoints: ['node/cli/bin.ts'], outfile: 'dist/cli/toolbox-editor.cjs',
    banner: { js: `#!/usr/bin/env node\n${common.banner.js}` } }),
  esbuild({ ...common, entryPoints: ['electron/main.ts'], outfile: 'dist/electron/main.cjs', external: ['electron'] }),
  // The API's own thread (node/api/apiThread.ts), next to each bundle that starts it.
  esbuild({ ...common, entryPoints: ['node/api/apiThreadMain.ts'], outfile: 'dist/cli/api-thread.cjs' }),
  esbuild({ ...common, entryPoints: ['node/api/apiThreadMain.ts'], outfile: 'dist/electron/api-thread.cjs' }),
  // Projects are read on a thread of their own (node/language/projectReadings.ts), for the language server (CLI) and
  // the editor's go to definition, references and rename (the API thread, CLI's browser mode and Electron).
  esbuild({ ...common, entryPoints: ['node/language/projectReadingMain.ts'], outfile: 'dist/cli/project-reading-thread.cjs' }),
  esbuild({ ...common, entryPoints: ['node/language/projectReadingMain.ts'], outfile: 'dist/electron/project-reading-thread.cjs' }),
  // Sandboxed preloads must be a single CommonJS file that requires nothing but 'electron'.
  esbuild({ ...common, entryPoints: ['electron/preload.ts'], outfile: 'dist/electron/preload.cjs', external: ['electron'] }),
];
await Promise.all(jobs);
chmodSync('dist/cli/toolbox-editor.cjs', 0o755);

if (!nodeOnly) {
  const { build: viteBuild } = await import('vite');
  await viteBuild({ configFile: 'vite.config.ts', logLevel: 'warn' });
}
console.log(`built ${nodeOnly ? 'node bundles' : 'renderer and node bundles'} into dist/`);
