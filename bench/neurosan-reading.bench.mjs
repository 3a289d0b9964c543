// What reading a file as neuro-san does costs a keystroke (issue 13's speed goal), in one run.
//   node bench/neurosan-reading.bench.mjs [--runs R] [--sizes 500,5000]
// Goal: on the 5,000-tool file, keystroke -> diagnostics with both readings (neuro-san's, which the editor shows, and
// the specification's, set beside it for the warnings where they differ) costs no more than 1.25 times what the
// specification's reading alone cost: ratio <= 1.25.
// Each round is what the API thread does for a keystroke: read the text, lay it over nothing, read the entries and
// run every rule (loadToolbox), measured on the API thread's heap settings.
import { performance } from 'node:perf_hooks';
import { isMainThread, parentPort } from 'node:worker_threads';
import { bundleForBench, median, onApiThread, runsAndSizes } from './lib/benchEnv.mjs';
import { generateToolboxHocon } from './lib/generateToolbox.mjs';

const { runs, sizes } = runsAndSizes(11);

const { loadToolbox, API_THREAD_RESOURCE_LIMITS } = await bundleForBench('neurosan-reading', {
  'shared/toolbox/loadToolbox.ts': '{ loadToolbox }',
  'node/api/apiThreadLimits.ts': '{ API_THREAD_RESOURCE_LIMITS }',
});

function measure(size) {
  const text = generateToolboxHocon(size);
  const host = { readFile: (p) => (p === 'bench.hocon' ? text : undefined) };
  const specOnly = [];
  const both = [];
  let found = 0;
  for (let r = 0; r < runs + 2; r++) {
    const t0 = performance.now();
    loadToolbox({ host, userFile: 'bench.hocon', reading: 'spec' });
    const t1 = performance.now();
    // neuro-san's reading, validated, with the specification's beside it for the reading-differs warnings.
    found = loadToolbox({ host, userFile: 'bench.hocon', reading: 'neuro-san', neuroSanCwd: '.' }).diagnostics.length;
    const t2 = performance.now();
    if (r >= 2) {
      specOnly.push(t1 - t0);
      both.push(t2 - t1);
    }
  }
  return { size, megabytes: text.length / 1e6, found, spec: median(specOnly), both: median(both) };
}

function report(m) {
  const ratio = m.both / m.spec;
  console.log(
    `  ${m.size} tools (${m.megabytes.toFixed(2)} MB): spec's reading alone ${m.spec.toFixed(1)} ms, both readings ${m.both.toFixed(1)} ms ` +
      `(${m.found} diagnostics): ratio ${ratio.toFixed(2)} (goal <= 1.25)`,
  );
  return ratio;
}

if (!isMainThread) {
  parentPort.postMessage(sizes.map(measure));
} else {
  const inThread = await onApiThread(new URL(import.meta.url), API_THREAD_RESOURCE_LIMITS, { runs, sizes });
  console.log(`On the API thread, as the app runs it (young generation ${API_THREAD_RESOURCE_LIMITS.maxYoungGenerationSizeMb} MB):`);
  const ratios = inThread.map((m) => ({ size: m.size, ratio: report(m) }));
  const big = ratios.filter((r) => r.size >= 5000);
  if (big.length > 0) {
    const met = big.every((r) => r.ratio <= 1.25);
    console.log(met ? 'goal met: both readings add no more than 25%' : 'GOAL MISSED: both readings add more than 25%');
    process.exitCode = met ? 0 : 1;
  }
}
