// Toolbox validation vs the parse it builds on, in one run (issue 4's speed goal).
//   node bench/toolbox-validate.bench.mjs [--runs R] [--sizes 500,5000]
// Goal: validating the 5,000-tool file (reading the entries and running every rule) adds no more than the
// parse+resolve itself costs, i.e. added/parse <= 1.0.
// The file comes from bench/lib/generateToolbox.mjs (every tool has parameters with a non-standard "int" type,
// so the non-standard-type rule reports 5,000 warnings: validation is measured doing real work).
import { build } from 'esbuild';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { argValue, median, outDir, root } from './lib/benchEnv.mjs';
import { generateToolboxHocon } from './lib/generateToolbox.mjs';

const runs = Number(argValue('--runs', 15));
const sizes = String(argValue('--sizes', '500,5000')).split(',').map(Number);

// The bench runs on plain Node: bundle the pure modules it measures.
const entry = path.join(outDir, 'toolbox-validate.entry.ts');
const { writeFileSync } = await import('node:fs');
writeFileSync(
  entry,
  [
    `export { resolveHocon } from ${JSON.stringify(path.join(root, 'shared/hocon/index.ts'))};`,
    `export { readToolEntries } from ${JSON.stringify(path.join(root, 'shared/toolbox/toolEntry.ts'))};`,
    `export { validateEntries } from ${JSON.stringify(path.join(root, 'shared/toolbox/validateToolbox.ts'))};`,
  ].join('\n'),
);
const bundle = path.join(outDir, 'toolbox-validate.bench-bundle.mjs');
await build({ entryPoints: [entry], bundle: true, format: 'esm', platform: 'node', outfile: bundle, logLevel: 'warning' });
const { resolveHocon, readToolEntries, validateEntries } = await import(pathToFileURL(bundle).href);


for (const size of sizes) {
  const text = generateToolboxHocon(size);
  // What validation adds is what a keystroke pays for it: parse+resolve+validate minus parse+resolve alone, both
  // measured the same way (alternating rounds, so neither gets a quieter machine or the other's garbage).
  const parseOnly = [];
  const withValidation = [];
  let found = 0;
  for (let r = 0; r < runs + 2; r++) {
    const t0 = performance.now();
    resolveHocon(text, { fileName: 'bench.hocon' });
    const t1 = performance.now();
    const resolved = resolveHocon(text, { fileName: 'bench.hocon' });
    found = validateEntries(readToolEntries(resolved.value, new Map())).length;
    const t2 = performance.now();
    if (r >= 2) {
      // the first two rounds warm up the JIT
      parseOnly.push(t1 - t0);
      withValidation.push(t2 - t1);
    }
  }
  const p = median(parseOnly);
  const total = median(withValidation);
  const added = total - p;
  console.log(
    `${size} tools (${(text.length / 1e6).toFixed(2)} MB): parse+resolve median ${p.toFixed(1)} ms, ` +
      `with validation ${total.toFixed(1)} ms (${found} diagnostics): validation adds ${added.toFixed(1)} ms, ` +
      `added/parse ${(added / p).toFixed(2)} (goal <= 1.00)`,
  );
}
