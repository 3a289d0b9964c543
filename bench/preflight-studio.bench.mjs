// Preflight of neuro-san-studio's 26-tool toolbox in an environment without its packages, through the real
// preflightToolbox (node/preflight) and a fresh worker, against a fresh python3 per entry trying the same import.
//   node bench/preflight-studio.bench.mjs [--runs N]
// Goal (issue 17): the whole check within 10 s, each missing package named once in the summary.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import { argValue, bundleForBench, median, root } from './lib/benchEnv.mjs';

const runs = Number(argValue('--runs', 3)) || 3;
const python = process.env.PYTHON ?? 'python3';
const studio = path.join(root, '..', 'shared', 'reference', 'neuro-san', 'toolboxes', 'studio_toolbox_info.hocon');
if (!existsSync(studio)) {
  console.log(`preflight-studio: skipped, ${studio} is missing (../shared is not beside this clone)`);
  process.exit(0);
}

const { ToolRunner, preflightToolbox, summaryLines, loadFileFromDisk, toolboxOf } = await bundleForBench('preflightStudio', {
  'node/python/index.ts': '{ ToolRunner }',
  'node/preflight/preflightToolbox.ts': '{ preflightToolbox, summaryLines }',
  'node/workspace/toolboxOnDisk.ts': '{ loadFileFromDisk, toolboxOf }',
});

const env = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' };
const toolbox = toolboxOf(loadFileFromDisk(studio, { cwd: root, env }));
const entries = toolbox.tools.filter((t) => t.origin !== 'default');

const times = [];
let summary;
for (let i = 0; i < runs; i++) {
  const runner = new ToolRunner({ python, env, cwd: root });
  const started = performance.now();
  const report = await preflightToolbox(toolbox, runner);
  times.push(performance.now() - started);
  summary = report.summary;
  await runner.dispose();
}

// The peer: what checking each entry by hand costs, a fresh interpreter per entry trying the import.
const run = promisify(execFile);
const coldStarted = performance.now();
for (const entry of entries) {
  const module = entry.className.split('.').slice(0, -1).join('.');
  await run(python, ['-c', `import importlib\ntry:\n    importlib.import_module(${JSON.stringify(module)})\nexcept Exception:\n    pass`], { env });
}
const cold = performance.now() - coldStarted;

const preflightMedian = median(times);
console.log(`preflight-studio: ${entries.length} entries of ${path.basename(studio)}, ${runs} runs`);
console.log(`  preflight (fresh worker) median ${(preflightMedian / 1000).toFixed(3)} s`);
console.log(`  a fresh python3 per entry       ${(cold / 1000).toFixed(3)} s`);
console.log(`  ratio preflight/goal (10 s) ${(preflightMedian / 10_000).toFixed(3)}, preflight/fresh-per-entry ${(preflightMedian / cold).toFixed(2)}`);
for (const line of summaryLines(summary, python)) console.log(`  ${line}`);
const names = summary.missingPackages.map((p) => p.name);
const ok = preflightMedian <= 10_000 && new Set(names).size === names.length && names.length > 0;
console.log(`  goal (within 10 s, each missing package named once): ${ok ? 'met' : 'NOT met'}`);
process.exitCode = ok ? 0 : 1;
