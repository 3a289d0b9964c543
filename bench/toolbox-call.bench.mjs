// Warm worker vs a fresh python3 per call: 200 sequential calls of a trivial coded tool each way, in one run.
//   node bench/toolbox-call.bench.mjs [--calls N]
// Goal (issue 6): warm median <= 2 ms and <= 1/50 of the cold median.
//
// The warm side goes through the real ToolRunner (node/python), bundled here with esbuild into bench/out/ because
// the bench runs on plain Node. The cold side spawns `python3 -c ...` that imports the same tool and calls it once.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import { argValue, bundleForBench, median, root } from './lib/benchEnv.mjs';

const calls = Number(argValue('--calls', 200)) || 200;
const python = process.env.PYTHON ?? 'python3';
const fixtures = path.join(root, 'fixtures', 'python');

const { ToolRunner } = await bundleForBench('toolRunner', { 'node/python/index.ts': '{ ToolRunner }' });

const spec = { name: 'greet', kind: 'coded', className: 'fixture_tools.echo.Greet', description: 'bench' };
const input = { name: 'bench' };
// One run request, as the pane and the CLI send it (shared/run/runRequest.ts).
const request = { target: { kind: 'toolbox', tool: 'greet' }, argsJson: JSON.stringify(input) };

const p95 = (xs) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.95))];

async function warmRun() {
  const runner = new ToolRunner({ pythonPath: [fixtures], python });
  try {
    for (let i = 0; i < 10; i++) await runner.call(spec, request); // start the worker, import the tool
    const times = [];
    for (let i = 0; i < calls; i++) {
      const started = performance.now();
      const result = await runner.call(spec, request);
      times.push(performance.now() - started);
      if (result.isError || result.content !== 'Hello, bench!') throw new Error(`warm call failed: ${result.content}`);
    }
    return times;
  } finally {
    await runner.dispose();
  }
}

async function coldRun() {
  const run = promisify(execFile);
  const code =
    'import json, sys\n' +
    'from fixture_tools.echo import Greet\n' +
    'print(json.dumps(Greet().invoke(json.loads(sys.argv[1]), {})))\n';
  const env = { ...process.env, PYTHONPATH: [fixtures, process.env.PYTHONPATH].filter(Boolean).join(path.delimiter) };
  const times = [];
  for (let i = 0; i < calls; i++) {
    const started = performance.now();
    const { stdout } = await run(python, ['-c', code, JSON.stringify(input)], { env });
    times.push(performance.now() - started);
    if (JSON.parse(stdout) !== 'Hello, bench!') throw new Error(`cold call failed: ${stdout}`);
  }
  return times;
}

const warm = await warmRun();
const cold = await coldRun();
const warmMedian = median(warm);
const coldMedian = median(cold);
const ratio = coldMedian / warmMedian;
const fmt = (ms) => `${ms.toFixed(3)} ms`;
console.log(`toolbox-call: ${calls} sequential calls of ${spec.className}`);
console.log(`  warm worker   median ${fmt(warmMedian)}  p95 ${fmt(p95(warm))}`);
console.log(`  fresh python3 median ${fmt(coldMedian)}  p95 ${fmt(p95(cold))}`);
console.log(`  ratio cold/warm ${ratio.toFixed(1)}x`);
const ok = warmMedian <= 2 && warmMedian * 50 <= coldMedian;
console.log(`  goal (warm median <= 2 ms and <= 1/50 of cold): ${ok ? 'met' : 'NOT met'}`);
process.exitCode = ok ? 0 : 1;
