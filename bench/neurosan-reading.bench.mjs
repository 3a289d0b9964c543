// neuro-san's reading beside the spec's (issue 13's speed goal).
//   node bench/neurosan-reading.bench.mjs [--runs R] [--sizes 500,5000]
// Goal: on the 5,000-tool file, computing neuro-san's reading too adds no more than 25% to keystroke → diagnostics
// (parse+resolve by the spec, read the entries, validate them), i.e. added/keystroke <= 0.25.
// Measured on a worker with the API thread's heap settings (where the app does the work; the verdict) and on a main
// thread with V8's defaults. Alternating rounds, so neither side gets a quieter machine or the other's garbage.
import { performance } from 'node:perf_hooks';
import { isMainThread, parentPort } from 'node:worker_threads';
import { bundleForBench, median, onApiThread, runsAndSizes } from './lib/benchEnv.mjs';
import { generateToolboxHocon } from './lib/generateToolbox.mjs';

const { runs, sizes } = runsAndSizes(11);

const { resolveHocon, readToolEntries, validateEntries, readAsNeuroSan, API_THREAD_RESOURCE_LIMITS } = await bundleForBench('neurosan-reading', {
  'shared/hocon/index.ts': '{ resolveHocon }',
  'shared/toolbox/toolEntry.ts': '{ readToolEntries }',
  'shared/toolbox/validateToolbox.ts': '{ validateEntries }',
  'shared/neurosan/index.ts': '{ readAsNeuroSan }',
  'node/api/apiThreadLimits.ts': '{ API_THREAD_RESOURCE_LIMITS }',
});

const mean = (values) => values.reduce((a, b) => a + b, 0) / values.length;

function measure(size) {
  const text = generateToolboxHocon(size);
  const keystroke = [];
  const reading = [];
  let ok = false;
  for (let r = 0; r < runs + 2; r++) {
    const t0 = performance.now();
    const resolved = resolveHocon(text, { fileName: 'bench.hocon' });
    validateEntries(readToolEntries(resolved.value, new Map()));
    const t1 = performance.now();
    ok = readAsNeuroSan(text, { file: '/bench/toolbox_info.hocon', cwd: '/bench' }).ok;
    const t2 = performance.now();
    if (r >= 2) {
      keystroke.push(t1 - t0);
      reading.push(t2 - t1);
    }
  }
  if (!ok) throw new Error("neuro-san's reading failed on the generated toolbox");
  return { size, megabytes: text.length / 1e6, keystroke: median(keystroke), reading: median(reading), keystrokeMean: mean(keystroke), readingMean: mean(reading) };
}

function report(m) {
  console.log(
    `  ${m.size} tools (${m.megabytes.toFixed(2)} MB): keystroke → diagnostics (spec) median ${m.keystroke.toFixed(1)} ms (mean ${m.keystrokeMean.toFixed(1)}), ` +
      `neuro-san's reading ${m.reading.toFixed(1)} ms (mean ${m.readingMean.toFixed(1)}): added/keystroke ${(m.reading / m.keystroke).toFixed(2)} ` +
      `(means ${(m.readingMean / m.keystrokeMean).toFixed(2)}; goal <= 0.25)`,
  );
  return Math.max(m.reading / m.keystroke, m.readingMean / m.keystrokeMean);
}

if (!isMainThread) {
  parentPort.postMessage(sizes.map(measure));
} else {
  const inThread = await onApiThread(new URL(import.meta.url), API_THREAD_RESOURCE_LIMITS, { runs, sizes });
  console.log(`On the API thread, as the app runs it (young generation ${API_THREAD_RESOURCE_LIMITS.maxYoungGenerationSizeMb} MB):`);
  const ratios = inThread.map((m) => ({ size: m.size, ratio: report(m) }));
  console.log("On a main thread with V8's default heap (for comparison):");
  for (const size of sizes) report(measure(size));
  const big = ratios.filter((r) => r.size >= 5000);
  if (big.length > 0) {
    const met = big.every((r) => r.ratio <= 0.25);
    console.log(met ? "goal met: neuro-san's reading adds no more than 25% on the API thread" : "GOAL MISSED: neuro-san's reading adds more than 25% on the API thread");
    process.exitCode = met ? 0 : 1;
  }
}
