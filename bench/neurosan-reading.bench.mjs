// neuro-san's reading beside the spec's (issue 13's speed goal).
//   node bench/neurosan-reading.bench.mjs [--runs R] [--sizes 500,5000]
// Goal: on the 5,000-tool file, computing neuro-san's reading too adds no more than 25% to keystroke → diagnostics
// (parse+resolve by the spec, read the entries, validate them), i.e. added/keystroke <= 0.25.
// Each round is a keystroke: one tool's description changes. neuro-san's reading is computed as the editor would
// compute it, from the spec's reading of the same text and the entries read at earlier keystrokes (NeuroSanEntryCache);
// reading the whole text again by pyhocon's rules is printed too, for comparison.
// Measured on a worker with the API thread's heap settings (where the app does the work; the verdict) and on a main
// thread with V8's defaults. Alternating rounds, so neither side gets a quieter machine or the other's garbage.
import { performance } from 'node:perf_hooks';
import { isMainThread, parentPort } from 'node:worker_threads';
import { bundleForBench, median, onApiThread, runsAndSizes } from './lib/benchEnv.mjs';
import { generateToolboxHocon } from './lib/generateToolbox.mjs';

const { runs, sizes } = runsAndSizes(11);

const { resolveHocon, readToolEntries, validateEntries, readAsNeuroSan, NeuroSanEntryCache, API_THREAD_RESOURCE_LIMITS } = await bundleForBench('neurosan-reading', {
  'shared/hocon/index.ts': '{ resolveHocon }',
  'shared/toolbox/toolEntry.ts': '{ readToolEntries }',
  'shared/toolbox/validateToolbox.ts': '{ validateEntries }',
  'shared/neurosan/index.ts': '{ readAsNeuroSan, NeuroSanEntryCache }',
  'node/api/apiThreadLimits.ts': '{ API_THREAD_RESOURCE_LIMITS }',
});

const mean = (values) => values.reduce((a, b) => a + b, 0) / values.length;

function measure(size) {
  const original = generateToolboxHocon(size);
  const cache = new NeuroSanEntryCache();
  const keystroke = [];
  const reading = [];
  const whole = [];
  let ok = false;
  let text = original;
  for (let r = 0; r < runs + 2; r++) {
    // A keystroke in the middle tool's description.
    text = original.replace(`Tool number ${size >> 1}:`, `Tool number ${size >> 1}${'!'.repeat(r + 1)}:`);
    const t0 = performance.now();
    const spec = resolveHocon(text, { fileName: 'bench.hocon' });
    validateEntries(readToolEntries(spec.value, new Map()));
    const t1 = performance.now();
    ok = readAsNeuroSan(text, { file: '/bench/toolbox_info.hocon', cwd: '/bench', spec, entryCache: cache }).ok;
    const t2 = performance.now();
    readAsNeuroSan(text, { file: '/bench/toolbox_info.hocon', cwd: '/bench' });
    const t3 = performance.now();
    if (r >= 2) {
      keystroke.push(t1 - t0);
      reading.push(t2 - t1);
      whole.push(t3 - t2);
    }
  }
  if (!ok) throw new Error("neuro-san's reading failed on the generated toolbox");
  if (text === original) throw new Error('the keystroke changed nothing');
  return {
    size,
    megabytes: text.length / 1e6,
    keystroke: median(keystroke),
    reading: median(reading),
    whole: median(whole),
    keystrokeMean: mean(keystroke),
    readingMean: mean(reading),
  };
}

function report(m) {
  console.log(
    `  ${m.size} tools (${m.megabytes.toFixed(2)} MB): keystroke → diagnostics (spec) median ${m.keystroke.toFixed(1)} ms (mean ${m.keystrokeMean.toFixed(1)}), ` +
      `neuro-san's reading ${m.reading.toFixed(1)} ms (mean ${m.readingMean.toFixed(1)}): added/keystroke ${(m.reading / m.keystroke).toFixed(2)} ` +
      `(means ${(m.readingMean / m.keystrokeMean).toFixed(2)}; goal <= 0.25); the whole text read again: ${m.whole.toFixed(1)} ms (x${(m.whole / m.keystroke).toFixed(2)})`,
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
