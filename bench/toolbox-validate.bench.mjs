// Toolbox validation vs the parse it builds on, in one run (issue 4's speed goal).
//   node bench/toolbox-validate.bench.mjs [--runs R] [--sizes 500,5000]
// Goal: validating the 5,000-tool file (reading the entries and running every rule) adds no more than the
// parse+resolve itself costs, i.e. added/parse <= 1.0.
// The file comes from bench/lib/generateToolbox.mjs (every tool has parameters with a non-standard "int" type,
// so the non-standard-type rule reports 5,000 warnings: validation is measured doing real work).
// Measured on a worker with the API thread's heap settings (where the app validates; the verdict) and on a main
// thread with V8's defaults.
import { performance } from 'node:perf_hooks';
import { isMainThread, parentPort } from 'node:worker_threads';
import { bundleForBench, median, onApiThread, runsAndSizes } from './lib/benchEnv.mjs';
import { generateToolboxHocon } from './lib/generateToolbox.mjs';

const { runs, sizes } = runsAndSizes(15);

const { resolveHocon, readToolEntries, validateEntries, API_THREAD_RESOURCE_LIMITS } = await bundleForBench('toolbox-validate', {
  'shared/hocon/index.ts': '{ resolveHocon }',
  'shared/toolbox/toolEntry.ts': '{ readToolEntries }',
  'shared/toolbox/validateToolbox.ts': '{ validateEntries }',
  'node/api/apiThreadLimits.ts': '{ API_THREAD_RESOURCE_LIMITS }',
});

const mean = (values) => values.reduce((a, b) => a + b, 0) / values.length;

function measure(size) {
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
  // Garbage collection falls on either kind of round, so medians can be bimodal: the means (which share it out)
  // are printed too, and the verdict takes the worse of the two ratios.
  return { size, megabytes: text.length / 1e6, found, parse: median(parseOnly), total: median(withValidation), parseMean: mean(parseOnly), totalMean: mean(withValidation) };
}

function report(m) {
  const added = m.total - m.parse;
  const addedMean = m.totalMean - m.parseMean;
  console.log(
    `  ${m.size} tools (${m.megabytes.toFixed(2)} MB): parse+resolve median ${m.parse.toFixed(1)} ms (mean ${m.parseMean.toFixed(1)}), ` +
      `with validation ${m.total.toFixed(1)} ms (mean ${m.totalMean.toFixed(1)}; ${m.found} diagnostics): validation adds ${added.toFixed(1)} ms ` +
      `(mean ${addedMean.toFixed(1)}), added/parse ${(added / m.parse).toFixed(2)} (means ${(addedMean / m.parseMean).toFixed(2)}; goal <= 1.00)`,
  );
  return Math.max(added / m.parse, addedMean / m.parseMean);
}

if (!isMainThread) {
  parentPort.postMessage(sizes.map(measure));
} else {
  // Where the app validates: the API thread, with its heap settings (node/api/apiThreadLimits.ts); the verdict.
  const inThread = await onApiThread(new URL(import.meta.url), API_THREAD_RESOURCE_LIMITS, { runs, sizes });
  console.log(`On the API thread, as the app runs it (young generation ${API_THREAD_RESOURCE_LIMITS.maxYoungGenerationSizeMb} MB):`);
  const ratios = inThread.map((m) => ({ size: m.size, ratio: report(m) }));
  console.log("On a main thread with V8's default heap (for comparison):");
  for (const size of sizes) report(measure(size));
  const big = ratios.filter((r) => r.size >= 5000);
  if (big.length > 0) {
    const met = big.every((r) => r.ratio <= 1);
    console.log(met ? 'goal met: validation adds no more than the parse on the API thread' : 'GOAL MISSED: validation adds more than the parse on the API thread');
    process.exitCode = met ? 0 : 1;
  }
}
