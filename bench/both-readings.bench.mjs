// Keystroke -> diagnostics as the API thread now computes them (issue 13's speed goal, end to end).
//   node bench/both-readings.bench.mjs [--runs R] [--sizes 500,5000]
// Each round is a keystroke in one tool's description of the 5,000-tool file, loaded as DocumentAnalysis does:
// neuro-san's reading (from the spec's reading and the entries kept from earlier keystrokes), validated, with the
// warnings where the two readings differ; against the spec's reading alone, validated (what a keystroke cost before).
// Goal: ratio <= 1.25. bench/neurosan-reading.bench.mjs measures the reading alone.
import { performance } from 'node:perf_hooks';
import { isMainThread, parentPort } from 'node:worker_threads';
import { bundleForBench, median, onApiThread, runsAndSizes } from './lib/benchEnv.mjs';
import { generateToolboxHocon } from './lib/generateToolbox.mjs';

const { runs, sizes } = runsAndSizes(11);
const { loadToolbox, NeuroSanEntryCache, API_THREAD_RESOURCE_LIMITS } = await bundleForBench('both-readings', {
  'shared/toolbox/loadToolbox.ts': '{ loadToolbox }',
  'shared/neurosan/index.ts': '{ NeuroSanEntryCache }',
  'node/api/apiThreadLimits.ts': '{ API_THREAD_RESOURCE_LIMITS }',
});

function measure(size) {
  const original = generateToolboxHocon(size);
  const cache = new NeuroSanEntryCache();
  const spec = [];
  const both = [];
  let found = 0;
  const ratios = [];
  for (let r = 0; r < runs + 2; r++) {
    const text = original.replace(`Tool number ${size >> 1}:`, `Tool number ${size >> 1}${'!'.repeat(r + 1)}:`);
    const host = { readFile: (p) => (p === 'bench.hocon' ? text : undefined) };
    const timeSpec = () => {
      const t0 = performance.now();
      loadToolbox({ host, userFile: 'bench.hocon', reading: 'spec' });
      return performance.now() - t0;
    };
    const timeBoth = () => {
      const t0 = performance.now();
      found = loadToolbox({ host, userFile: 'bench.hocon', reading: 'neuro-san', neuroSanCwd: '.', neuroSanEntryCache: cache }).diagnostics.length;
      return performance.now() - t0;
    };
    // Each round times both, in turn first and second, so a collection the first one leaves behind is not always
    // paid by the same one; the goal is judged on the median of the rounds' own ratios (paired: a busy machine slows
    // both of a round alike), the medians of each are printed beside it.
    let s;
    let b;
    if (r % 2 === 0) {
      s = timeSpec();
      b = timeBoth();
    } else {
      b = timeBoth();
      s = timeSpec();
    }
    if (r >= 2) {
      spec.push(s);
      both.push(b);
      ratios.push(b / s);
    }
  }
  return { size, spec: median(spec), both: median(both), ratio: median(ratios), found };
}

if (!isMainThread) {
  parentPort.postMessage(sizes.map(measure));
} else {
  const results = await onApiThread(new URL(import.meta.url), API_THREAD_RESOURCE_LIMITS, { runs, sizes });
  console.log(`On the API thread (young generation ${API_THREAD_RESOURCE_LIMITS.maxYoungGenerationSizeMb} MB):`);
  for (const m of results) {
    console.log(`  ${m.size} tools: spec's reading ${m.spec.toFixed(1)} ms, both readings ${m.both.toFixed(1)} ms (${m.found} diagnostics): median ratio of the rounds ${m.ratio.toFixed(2)} (goal <= 1.25)`);
  }
  const met = results.filter((m) => m.size >= 5000).every((m) => m.ratio <= 1.25);
  console.log(met ? 'goal met' : 'GOAL MISSED: both readings add more than 25% to a keystroke');
  process.exitCode = met ? 0 : 1;
}
