// What every bench starts from: the repository root, bench/out/ for bundles and generated files, flag values, medians,
// the modules measured bundled for plain Node, and a run on the app's API-thread heap settings.
import { build } from 'esbuild';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { isMainThread, Worker, workerData } from 'node:worker_threads';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const outDir = path.join(root, 'bench', 'out');
mkdirSync(outDir, { recursive: true });

/** `--name VALUE` from the command line, or the default. */
export const argValue = (name, dflt) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : dflt);

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/**
 * Bundles the TypeScript modules a bench measures into bench/out/NAME.bench-bundle.mjs and imports it (benches run
 * on plain Node). `exports` maps a module path under the repository to what to export from it (`*`, `{ a, b }`).
 * On a worker started by `onApiThread`, the bundle the main thread made is imported as it is.
 */
export async function bundleForBench(name, exports, { platform = 'node' } = {}) {
  const bundle = path.join(outDir, `${name}.bench-bundle.mjs`);
  if (isMainThread) {
    const entry = path.join(outDir, `${name}.bench-entry.ts`);
    const lines = Object.entries(exports).map(([module, names]) => `export ${names} from ${JSON.stringify(path.join(root, module))};`);
    writeFileSync(entry, lines.join('\n'));
    await build({ entryPoints: [entry], outfile: bundle, bundle: true, platform, format: 'esm', target: 'node20', logLevel: 'warning' });
  }
  return import(pathToFileURL(bundle).href);
}

/** `--runs R` and `--sizes A,B` (on a worker started by `onApiThread`: the main thread's). */
export function runsAndSizes(defaultRuns, defaultSizes = '500,5000') {
  if (!isMainThread) return { runs: workerData.runs, sizes: workerData.sizes };
  return { runs: Number(argValue('--runs', defaultRuns)), sizes: String(argValue('--sizes', defaultSizes)).split(',').map(Number) };
}

/**
 * Runs the bench script at `scriptUrl` again on a worker with `limits` (the app's API-thread heap settings, from
 * node/api/apiThreadLimits.ts: where the app does the work) and resolves to the message it posts.
 */
export function onApiThread(scriptUrl, limits, data) {
  return new Promise((resolve, reject) => {
    const worker = new Worker(scriptUrl, { workerData: data, resourceLimits: limits });
    worker.once('message', resolve);
    worker.once('error', reject);
  });
}
