import { build } from 'esbuild';
import { mkdirSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * For tests of what ships bundled (the CLI executable, the API thread): bundles `entry` to `outfile` as
 * scripts/build.mjs does — CommonJS for Node — with `import.meta.url` reading `locatedAs`, so that node/paths.ts
 * finds resources/ in this repository wherever the bundle is written.
 */
export async function bundleEntry(entry: string, outfile: string, locatedAs: URL): Promise<void> {
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    logLevel: 'warning',
    define: { 'import.meta.url': JSON.stringify(locatedAs.href) },
  });
}

/**
 * For tests of the executable as it ships: the CLI (node/cli/bin.ts) and the language server's project-reading thread
 * bundled into `dir`/dist/cli/ as scripts/build.mjs lays them out, beside links to this repository's package.json and
 * resources/ (what node/paths.ts looks for above the bundle). The server then reads projects on its thread, as
 * `toolbox-editor lsp --stdio` does when installed. Answers the CLI's path.
 */
export async function bundleCliAsShipped(dir: string): Promise<string> {
  const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
  const cliDir = path.join(dir, 'dist', 'cli');
  mkdirSync(cliDir, { recursive: true });
  for (const name of ['package.json', 'resources']) symlinkSync(path.join(repo, name), path.join(dir, name));
  const cli = path.join(cliDir, 'toolbox-editor.cjs');
  const thread = path.join(cliDir, 'project-reading-thread.cjs');
  await Promise.all([
    bundleEntry(path.join(repo, 'node/cli/bin.ts'), cli, pathToFileURL(cli)),
    bundleEntry(path.join(repo, 'node/language/projectReadingMain.ts'), thread, pathToFileURL(thread)),
  ]);
  return cli;
}
