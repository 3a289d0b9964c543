// Packages the VS Code extension (editors/vscode) into editors/vscode/toolbox-editor-hocon.vsix, without the network:
// the client and the language server are bundled by esbuild (the server is the CLI, run as `lsp --stdio`), the
// default toolboxes it layers under every toolbox are copied beside them, and @vscode/vsce packs the folder with
// --no-dependencies (nothing to list or fetch: the bundles hold everything).
import { build } from 'esbuild';
import { copyFileSync, cpSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createVSIX } from '@vscode/vsce';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const extension = path.join(repo, 'editors', 'vscode');
const dist = path.join(extension, 'dist');
rmSync(dist, { recursive: true, force: true });
rmSync(path.join(extension, 'resources'), { recursive: true, force: true });

const common = { bundle: true, platform: 'node', format: 'cjs', target: 'node20', logLevel: 'warning', legalComments: 'none' };
await build({ ...common, entryPoints: [path.join(extension, 'src', 'extension.ts')], outfile: path.join(dist, 'extension.cjs'), external: ['vscode'] });
// As scripts/build.mjs bundles the CLI: import.meta.url is the bundle's own file, so node/paths.ts finds resources/
// (the extension's folder holds package.json and resources/).
await build({
  ...common,
  entryPoints: [path.join(repo, 'node', 'cli', 'bin.ts')],
  outfile: path.join(dist, 'server.cjs'),
  define: { 'import.meta.url': '__bundleFileUrl' },
  banner: { js: "const __bundleFileUrl = require('node:url').pathToFileURL(__filename).href;" },
});
// The thread the server reads projects on (node/language/projectReadings.ts), beside the server.
await build({
  ...common,
  entryPoints: [path.join(repo, 'node', 'language', 'projectReadingMain.ts')],
  outfile: path.join(dist, 'project-reading-thread.cjs'),
  define: { 'import.meta.url': '__bundleFileUrl' },
  banner: { js: "const __bundleFileUrl = require('node:url').pathToFileURL(__filename).href;" },
});
mkdirSync(path.join(extension, 'resources'), { recursive: true });
for (const name of ['default_toolbox_info.hocon', 'README.md']) copyFileSync(path.join(repo, 'resources', name), path.join(extension, 'resources', name));
// The default toolbox of each neuro-san version (a project pinned to 0.5.x gets that version's).
cpSync(path.join(repo, 'resources', 'default_toolboxes'), path.join(extension, 'resources', 'default_toolboxes'), { recursive: true });

const packagePath = path.join(extension, 'toolbox-editor-hocon.vsix');
await createVSIX({ cwd: extension, packagePath, dependencies: false, allowMissingRepository: true, skipLicense: true });
console.log(`wrote ${path.relative(repo, packagePath)}`);
