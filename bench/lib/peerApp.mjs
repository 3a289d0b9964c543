// The app as it was before issue 15 trimmed Monaco, for benches that compare with it in the same run: the renderer
// built by the project's own Vite config with renderer/editor/monacoFeatures.ts swapped for monacoFullIndex.ts,
// in an app folder of its own that the real CLI server serves unchanged. The server finds its renderer at
// APP/dist/renderer, APP being the first folder above its bundle with package.json and resources/ (node/paths.ts),
// so the folder holds a copy of dist/cli, package.json, a link to resources/ and the peer's dist/renderer.
import { copyFileSync, cpSync, mkdirSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { root } from './benchEnv.mjs';

const ourFeatures = path.join(root, 'renderer', 'editor', 'monacoFeatures.ts');
const peerFeatures = path.join(root, 'bench', 'lib', 'monacoFullIndex.ts');

/** Builds the peer app into `appDir` (after `node scripts/build.mjs`, whose dist/cli it copies) and returns its renderer folder. */
export async function buildPeerApp(appDir) {
  mkdirSync(path.join(appDir, 'dist'), { recursive: true });
  copyFileSync(path.join(root, 'package.json'), path.join(appDir, 'package.json'));
  symlinkSync(path.join(root, 'resources'), path.join(appDir, 'resources'), 'dir');
  cpSync(path.join(root, 'dist', 'cli'), path.join(appDir, 'dist', 'cli'), { recursive: true, filter: (f) => !f.endsWith('.map') });
  const rendererDir = path.join(appDir, 'dist', 'renderer');
  const { build } = await import('vite');
  let swapped = false;
  await build({
    configFile: path.join(root, 'vite.config.ts'),
    root: path.join(root, 'renderer'),
    logLevel: 'warn',
    build: { outDir: rendererDir, emptyOutDir: true },
    plugins: [{
      name: 'bench-peer-monaco',
      enforce: 'pre',
      async resolveId(source, importer, options) {
        if (!source.includes('monacoFeatures')) return null;
        const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
        if (resolved?.id !== ourFeatures) return null;
        swapped = true;
        return peerFeatures;
      },
    }],
  });
  // Without the swap the peer would be our own renderer and the comparison would say nothing.
  if (!swapped) throw new Error(`peer renderer: nothing imported ${ourFeatures}; update bench/lib/peerApp.mjs`);
  return rendererDir;
}
