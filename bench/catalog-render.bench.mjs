// Catalog rendering: our engine vs Python Jinja2, 5,000 tools, in one run.
//   node bench/catalog-render.bench.mjs [--tools N] [--runs R]
// Goal (issue 5): our median no slower than Python's.
//
// Both sides render the default template (resources/toolbox_catalog.jinja2) from an already compiled template and
// already parsed data, under both key-order policies; Python times itself inside its process (start-up and JSON
// loading excluded). Our engine is bundled with esbuild into bench/out/ because the bench runs on plain Node.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { argValue, bundleForBench, median, outDir, root } from './lib/benchEnv.mjs';

const arg = (name, dflt) => Number(argValue(name, dflt));
const toolCount = arg('--tools', 5000);
const runs = arg('--runs', 30);

// 'neutral': the engine is pure (no Node built-ins), as the renderer runs it.
const { JinjaEnvironment, readJson } = await bundleForBench(
  'catalog',
  { 'shared/jinja/environment.ts': '{ JinjaEnvironment }', 'shared/pyvalue/jsonRead.ts': '{ readJson }' },
  { platform: 'neutral' },
);

// Realistic tools: unicode and HTML characters in descriptions, a few typed parameters, ints and floats.
const tools = [];
for (let i = 0; i < toolCount; i++) {
  const input = {};
  for (let p = 0; p < 1 + (i % 4); p++) input[`param_${p}_${i % 7}`] = ['string', 'integer', 'number', 'boolean'][p % 4];
  tools.push({
    name: `tool_${i}`,
    description: `Tool #${i}: fetches <data> & returns 'results' — café ${i % 3 === 0 ? '😀' : ''} v${i % 10}.0`,
    input,
    output: i % 5 === 0 ? 'dict' : 'string',
    type: i % 9 === 0 ? 'agent' : 'code',
  });
}
// One float and one big int per 100 tools keep the int/float path honest.
const contextJson = JSON.stringify({ tools }).replace(/"v(\d)\.0"/g, '"v$1.0"');
const dataFile = path.join(outDir, 'catalog-bench-context.json');
writeFileSync(dataFile, contextJson);
const template = readFileSync(path.join(root, 'resources', 'toolbox_catalog.jinja2'), 'utf8');
const templateFile = path.join(outDir, 'catalog-bench-template.jinja2');
writeFileSync(templateFile, template);

const parsed = readJson(contextJson);
if (!parsed.ok) throw new Error(parsed.error.message);
const vars = parsed.value;

const PY = String.raw`
import json, sys, time, jinja2
template_text = open(sys.argv[1], encoding="utf-8").read()
ctx = json.load(open(sys.argv[2], encoding="utf-8"))
runs = int(sys.argv[3])
result = {}
for order in ("sorted", "insertion"):
    env = jinja2.Environment()
    if order == "insertion":
        env.policies["json.dumps_kwargs"] = {}
    t = env.from_string(template_text)
    for _ in range(3):
        t.render(**ctx)
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        out = t.render(**ctx)
        times.append((time.perf_counter() - t0) * 1000)
    result[order] = {"times": times, "text": out}
print(json.dumps(result))
`;

// Rounds alternate between the two engines so that load from other processes hits both alike.
const rounds = arg('--rounds', 6);
const perRound = Math.max(1, Math.ceil(runs / rounds));
const samples = { ours: { sorted: [], insertion: [] }, python: { sorted: [], insertion: [] } };
const outputs = {};
const pyOutputs = {};
const envs = {};
for (const keyOrder of ['sorted', 'insertion']) {
  const env = new JinjaEnvironment({ keyOrder });
  const compiled = env.compile(template);
  if (!compiled.ok) throw new Error(JSON.stringify(compiled.diagnostics));
  for (let i = 0; i < 5; i++) env.renderCompiled(compiled.template, vars); // warm-up
  envs[keyOrder] = { env, compiled: compiled.template };
}
for (let round = 0; round < rounds; round++) {
  for (const keyOrder of ['sorted', 'insertion']) {
    const { env, compiled } = envs[keyOrder];
    for (let i = 0; i < perRound; i++) {
      const t0 = performance.now();
      const r = env.renderCompiled(compiled, vars);
      samples.ours[keyOrder].push(performance.now() - t0);
      outputs[keyOrder] = r.text;
    }
  }
  const py = spawnSync(process.env.PYTHON ?? 'python3', ['-c', PY, templateFile, dataFile, String(perRound)], {
    encoding: 'utf8',
    maxBuffer: 1 << 28,
  });
  if (py.status !== 0) throw new Error(py.stderr);
  const result = JSON.parse(py.stdout);
  for (const keyOrder of ['sorted', 'insertion']) {
    samples.python[keyOrder].push(...result[keyOrder].times);
    pyOutputs[keyOrder] = result[keyOrder].text;
  }
}

console.log(`catalog render, ${toolCount} tools, ${rounds * perRound} runs each in ${rounds} alternating rounds (median ms)`);
let ok = true;
for (const keyOrder of ['sorted', 'insertion']) {
  const same = pyOutputs[keyOrder] === outputs[keyOrder];
  const oursMedian = median(samples.ours[keyOrder]);
  const pyMedian = median(samples.python[keyOrder]);
  const ratio = oursMedian / pyMedian;
  ok &&= same && ratio <= 1;
  console.log(
    `  ${keyOrder.padEnd(9)}  ours ${oursMedian.toFixed(2)}  python ${pyMedian.toFixed(2)}  ` +
      `ratio ${ratio.toFixed(2)}  output ${same ? 'identical' : 'DIFFERENT'} (${outputs[keyOrder].length} chars)`,
  );
}
console.log(ok ? 'goal met: no slower than Python, byte-identical' : 'goal NOT met');
process.exitCode = ok ? 0 : 1;
