import { build } from 'esbuild';

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
