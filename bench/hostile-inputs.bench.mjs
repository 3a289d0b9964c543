// The worst inputs issues #27 and #32 found, each run in a child process through `validate` (the CLI) and through
// the app's own analysis on the API thread: the time to the answer, the child's peak memory (max RSS, the API thread
// included), and whether the API thread still answers after it. Goal: every one answered (a result or an error
// naming the limit) within 5 s and 1 GB, the thread alive.
// lsp-10k (issue #32) is opened instead in `toolbox-editor lsp --stdio`, bundled from the sources beside its
// project-reading thread as scripts/build.mjs lays them out: the time from didOpen to its diagnostics published, the
// server's peak memory (its reading thread included), the longest wait of a hover sent every 100 ms meanwhile, and
// whether it still answers (an outline, then shutdown) after; its CPU time is the server's.
//   node bench/hostile-inputs.bench.mjs [--only NAME[,NAME]] [--timeout SECONDS]
// A child past the timeout (default 60 s) is killed; its figures are then "more than" the last measured. The time is
// the wall clock's (the goal's); the CPU time beside it is the child's own, less sensitive to a busy machine.
import { build } from 'esbuild';
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { argValue, outDir, root } from './lib/benchEnv.mjs';

const GOAL_MS = 5000;
const GOAL_MB = 1024;
const here = fileURLToPath(import.meta.url);
const workDir = path.join(outDir, 'hostile');
const driverBundle = path.join(outDir, 'hostile-inputs.bench-bundle.mjs');
const threadBundle = path.join(outDir, 'hostile-inputs.api-thread.cjs');
// The language server's executable and its reading thread, side by side (projectReadings.ts looks beside the bundle).
const lspBundle = path.join(outDir, 'hostile-lsp', 'toolbox-editor.cjs');

/** The inputs: a file (toolbox text or template) and how each is run. */
function inputs() {
  const toolbox = (description) => `tool {\n  class = "pkg.Tool"\n  description = "${description}"\n}\n`;
  const keys = [];
  for (let i = 0; i < 1_000_000; i++) keys.push(`k${i} = ${i}\n`);
  // 10,000 tools, each with a class without a module, a one-word description, parameters not an object, an unknown key.
  const entries = [];
  for (let i = 0; i < 10_000; i++) entries.push(`tool_${i} {\n  class = "Tool${i}"\n  description = "x"\n  parameters = 3\n  colour = "red"\n}\n`);
  return [
    { name: 'path-100k', what: 'a key path of 100,000 segments (200 KB)', file: 'path.hocon', text: 'a' + '.a'.repeat(99_999) + ' = 1\n' },
    { name: 'keys-1M', what: 'one million keys (16.7 MB)', file: 'keys.hocon', text: keys.join('') },
    // As many keys as a file may have (MAX_KEYS), each a tool the analysis reports: the largest answer within the limits.
    { name: 'keys-100k', what: '100,000 keys, the most a file may have, each a tool in error', file: 'keys-100k.hocon', text: keys.slice(0, 100_000).join('') },
    { name: 'args-100k', what: '100,000 keys, the most a file may have, in one tool\'s args', file: 'args-100k.hocon', text: `tool {\n  class = "pkg.Tool"\n  description = "Looks things up in a table."\n  args {\n${keys.slice(0, 99_996).join('')}  }\n}\n` },
    { name: 'letters-200k', what: 'a description of 200,000 letters', file: 'letters.hocon', description: true, text: toolbox('a'.repeat(200_000)) },
    { name: 'description-1MB', what: 'a description of 1 MB of letters', file: 'description.hocon', description: true, text: toolbox('x'.repeat(1_000_000)) },
    { name: 'cjk-200k', what: 'a description of 200,000 CJK characters', file: 'cjk.hocon', description: true, text: toolbox('漢'.repeat(200_000)) },
    // In a folder of its own: the server reads the file's whole project (its folder), which must hold only it.
    { name: 'lsp-10k', what: 'a toolbox of 10,000 entries (1 MB, 49,999 problems) opened in the language server', file: 'lsp-10k/toolbox_info.hocon', lsp: true, text: entries.join('') },
    { name: 'list-repeat', what: 'a template making [1] * 100000000', file: 'list.jinja2', text: '{% set l = [1] * 100000000 %}{{ l|length }}\n', template: true },
    { name: 'string-repeat', what: "a template making 'x' * 500000000", file: 'string.jinja2', text: "{{ ('x' * 500000000)|length }}\n", template: true },
    // Issue #32: each doubles what the one before made; forty would make 2^40 items or characters.
    { name: 'list-doubling', what: 'a template doubling a list forty times (x + x)', file: 'list-doubling.jinja2', text: `{% set x = [1] %}${'{% set x = x + x %}'.repeat(40)}{{ x|length }}\n`, template: true },
    { name: 'string-doubling', what: 'a template doubling a string forty times (x ~ x)', file: 'string-doubling.jinja2', text: `{% set x = 'ab' %}${'{% set x = x ~ x %}'.repeat(40)}{{ x|length }}\n`, template: true },
  ];
}

// ---- the child: runs one input one way, prints one JSON line

async function child(way, file) {
  const driver = await import(pathToFileURL(driverBundle).href);
  const started = performance.now();
  let answer;
  let alive = null;
  let lspMs;
  let lspCpuMs;
  let lspRssMb;
  if (way === 'lsp') {
    ({ ms: lspMs, cpuMs: lspCpuMs, maxRssMb: lspRssMb, answer, alive } = await openInLanguageServer(driver, file));
  } else if (way === 'validate' || way === 'render') {
    let out = '';
    const io = { stdout: (t) => void (out += t), stderr: (t) => void (out += t), cwd: workDir, env: {} };
    const args = way === 'validate' ? ['validate', file, '--no-default'] : ['render', file, '--context', path.join(workDir, 'context.json')];
    const code = await driver.runCli(args, io);
    answer = `exit ${code}: ${firstLines(out)}`;
  } else {
    // The app keeps its process alive by other means; the thread itself is unref'd (apiThread.ts).
    const keepAlive = setInterval(() => undefined, 1000);
    const api = driver.startApiThread({ mode: 'desktop', cwd: workDir, initialFile: null, stateDir: path.join(workDir, '.state'), emit: () => undefined }, threadBundle);
    const catalog = { keyOrder: 'sorted', vars: {}, noDefault: true };
    const result =
      way === 'analyze'
        ? await api.dispatch('toolbox.analyze', { path: file, text: readFileSync(file, 'utf8'), noDefault: true })
        : way === 'catalog.tokens'
          ? await api.dispatch('catalog.tokens', { path: file, text: readFileSync(file, 'utf8'), tokenizer: 'o200k_base', ...catalog })
          : await api.dispatch('catalog.render', { path: path.join(workDir, 'small.hocon'), text: 'tool { class = "a.B", description = "Finds things." }\n', templatePath: file, ...catalog });
    answer = summary(way, result);
    // Alive: the thread that did the work answers the next call (after a lost thread, a new one would).
    const lost = !result.ok && /^The API thread (failed|stopped)/.test(result.error.message);
    const info = await Promise.race([api.dispatch('app.info', {}), new Promise((resolve) => setTimeout(() => resolve({ ok: false }), GOAL_MS))]);
    alive = !lost && info.ok === true;
    await api.dispose();
    clearInterval(keepAlive);
  }
  const ms = performance.now() - started;
  const usage = process.resourceUsage();
  // The language server's figures are its own process's (the child is only its client).
  const own = { ms, cpuMs: (usage.userCPUTime + usage.systemCPUTime) / 1000, maxRssMb: usage.maxRSS / 1024 };
  const figures = way === 'lsp' ? { ms: lspMs, cpuMs: lspCpuMs, maxRssMb: lspRssMb } : own;
  console.log(JSON.stringify({ ...figures, answer, alive }));
}

/**
 * Opens `file` in the language server as an editor does (no workspace folder: the file's folder is its project) and
 * waits for its diagnostics, sending a hover every 100 ms meanwhile. Alive: the outline and shutdown then answer.
 */
async function openInLanguageServer(driver, file) {
  const server = spawn(process.execPath, [lspBundle, 'lsp', '--stdio'], { cwd: path.dirname(file), env: { PATH: process.env.PATH ?? '' }, stdio: ['pipe', 'pipe', 'inherit'] });
  const exited = new Promise((resolve) => server.once('exit', (code, signal) => resolve(`the server exited (${signal ?? `exit ${code}`})`)));
  let gone;
  void exited.then((why) => (gone = why));
  const client = driver.createMessageConnection(new driver.StreamMessageReader(server.stdout), new driver.StreamMessageWriter(server.stdin));
  const uri = pathToFileURL(file).href;
  let published;
  const diagnostics = new Promise((resolve) => client.onNotification('textDocument/publishDiagnostics', (p) => p.uri === uri && resolve((published = p.diagnostics))));
  client.listen();
  const within = (promise, ms) => Promise.race([promise.then(() => true, () => false), new Promise((resolve) => setTimeout(() => resolve(false), ms))]);
  await client.sendRequest('initialize', { processId: process.pid, rootUri: null, capabilities: {}, workspaceFolders: null });
  client.sendNotification('initialized', {});
  const text = readFileSync(file, 'utf8');
  const opened = performance.now();
  client.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'hocon', version: 1, text } });
  // The first hover parses the text (kept for the next ones): said apart.
  const hovers = [];
  let unanswered = 0;
  while (published === undefined && gone === undefined) {
    const asked = performance.now();
    if (await within(client.sendRequest('textDocument/hover', { textDocument: { uri }, position: { line: 1, character: 4 } }), GOAL_MS)) hovers.push(performance.now() - asked);
    else unanswered++;
    await Promise.race([diagnostics, exited, new Promise((resolve) => setTimeout(resolve, 100))]);
  }
  const ms = performance.now() - opened;
  if (published === undefined) return { ms, answer: `${gone} before publishing`, alive: false };
  const outline = within(client.sendRequest('textDocument/documentSymbol', { textDocument: { uri } }), GOAL_MS);
  const alive = (await outline) && (await within(client.sendRequest('shutdown'), GOAL_MS));
  // Before it exits: its peak memory and CPU time so far (Linux; clock ticks of 10 ms).
  const maxRssMb = peakRssMb(server.pid);
  const stat = readFileSync(`/proc/${server.pid}/stat`, 'utf8').split(') ')[1].split(' ');
  const cpuMs = (Number(stat[11]) + Number(stat[12])) * 10;
  client.sendNotification('exit');
  await within(exited, 1000);
  server.kill('SIGKILL');
  client.dispose();
  const [first = 0, ...rest] = hovers.map(Math.round);
  const said = `${hovers.length} hovers meanwhile: the first in ${first} ms, the others within ${Math.max(0, ...rest)} ms${unanswered ? `, ${unanswered} NOT within ${GOAL_MS / 1000} s` : ''}`;
  return { ms, cpuMs, maxRssMb, answer: `${published.length} diagnostics published; ${said}`, alive: alive && unanswered === 0 };
}

function firstLines(text) {
  const lines = text.split('\n').filter((l) => l.trim() !== '');
  const shown = lines.slice(0, 2).map((l) => (l.length > 160 ? `${l.slice(0, 160)}…` : l));
  return shown.join(' | ') + (lines.length > 2 ? ` | (${lines.length} lines)` : '');
}

function summary(way, result) {
  if (!result.ok) return `error: ${result.error.message.slice(0, 200)}`;
  if (way === 'catalog.tokens') return `${result.value.total} tokens${result.value.estimated ? ' (estimated)' : ''}`;
  if (way === 'catalog.render') {
    const d = result.value.diagnostics[0];
    return d ? `${d.severity}: ${d.message.slice(0, 200)}` : `${result.value.text.length} characters`;
  }
  const ds = result.value.diagnostics;
  const first = ds.find((d) => d.severity === 'error') ?? ds[0];
  return `${ds.length} diagnostics${first ? `; ${first.line}:${first.column} ${first.message.slice(0, 200)}` : ''}`;
}

// ---- the parent: builds, writes the inputs, runs each child, prints the table

/** Peak RSS so far of a running process (Linux), in MB. */
function peakRssMb(pid) {
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

function runChild(way, file, timeoutMs) {
  return new Promise((resolve) => {
    const started = performance.now();
    const proc = spawn(process.execPath, [here, '--child', way, file], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    let peak = 0;
    proc.stdout.on('data', (d) => void (out += d));
    proc.stderr.on('data', (d) => void (err += d));
    const poll = setInterval(() => (peak = Math.max(peak, peakRssMb(proc.pid) ?? 0)), 50);
    let killed = false;
    const timer = setTimeout(() => {
      killed = true;
      proc.kill('SIGKILL');
    }, timeoutMs);
    proc.on('exit', (code, signal) => {
      clearInterval(poll);
      clearTimeout(timer);
      const ms = performance.now() - started;
      const line = out.split('\n').find((l) => l.startsWith('{'));
      if (line && !killed) {
        resolve({ ...JSON.parse(line), done: true });
        return;
      }
      const why = killed ? `killed after ${timeoutMs / 1000} s` : `died (${signal ?? `exit ${code}`}): ${firstLines(err).slice(0, 200)}`;
      resolve({ ms, maxRssMb: peak, answer: why, alive: way === 'validate' || way === 'render' ? null : false, done: false });
    });
  });
}

async function parent() {
  const only = argValue('--only', '').split(',').filter(Boolean);
  const timeoutMs = Number(argValue('--timeout', 60)) * 1000;
  mkdirSync(workDir, { recursive: true });
  const entry = path.join(outDir, 'hostile-inputs.bench-entry.ts');
  writeFileSync(
    entry,
    [
      `export { runCli } from ${JSON.stringify(path.join(root, 'node/cli/main.ts'))};`,
      `export { startApiThread } from ${JSON.stringify(path.join(root, 'node/api/apiThread.ts'))};`,
      `export { createMessageConnection, StreamMessageReader, StreamMessageWriter } from 'vscode-languageserver/node';`,
    ].join('\n'),
  );
  const cjs = { bundle: true, platform: 'node', target: 'node20', logLevel: 'warning' };
  // As scripts/build.mjs bundles the CLI and the threads: CommonJS, with the bundle's own URL for import.meta.url.
  const asShipped = (entryPoint, outfile) =>
    build({ ...cjs, entryPoints: [path.join(root, entryPoint)], outfile, format: 'cjs', define: { 'import.meta.url': '__bundleFileUrl' }, banner: { js: "const __bundleFileUrl = require('node:url').pathToFileURL(__filename).href;" } });
  await Promise.all([
    build({ ...cjs, entryPoints: [entry], outfile: driverBundle, format: 'esm', banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" } }),
    asShipped('node/api/apiThreadMain.ts', threadBundle),
    asShipped('node/cli/bin.ts', lspBundle),
    asShipped('node/language/projectReadingMain.ts', path.join(path.dirname(lspBundle), 'project-reading-thread.cjs')),
  ]);
  writeFileSync(path.join(workDir, 'context.json'), '{}');
  const rows = [];
  let missed = 0;
  for (const input of inputs().filter((i) => only.length === 0 || only.includes(i.name))) {
    const file = path.join(workDir, input.file);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, input.text);
    const ways = input.template ? ['render', 'catalog.render'] : input.description ? ['validate', 'analyze', 'catalog.tokens'] : input.lsp ? ['validate', 'lsp'] : ['validate', 'analyze'];
    for (const way of ways) {
      const r = await runChild(way, file, timeoutMs);
      const met = r.done && r.ms <= GOAL_MS && r.maxRssMb <= GOAL_MB && r.alive !== false;
      if (!met) missed++;
      const alive = r.alive === null ? '' : r.alive ? `, ${way === 'lsp' ? 'server' : 'thread'} alive` : `, ${way === 'lsp' ? 'SERVER' : 'THREAD'} NOT ANSWERING`;
      const more = r.done ? '' : '> ';
      const cpu = r.cpuMs === undefined ? '' : ` (CPU ${(r.cpuMs / 1000).toFixed(2)} s)`;
      rows.push(`${met ? 'ok  ' : 'MISS'} ${input.name.padEnd(16)} ${way.padEnd(15)} ${more}${(r.ms / 1000).toFixed(2).padStart(6)} s${cpu}  ${more}${Math.round(r.maxRssMb).toString().padStart(5)} MB${alive}\n       ${input.what}: ${r.answer}`);
      console.log(rows[rows.length - 1]);
    }
  }
  console.log(missed === 0 ? `goal met: every input answered within ${GOAL_MS / 1000} s and ${GOAL_MB} MB` : `GOAL MISSED by ${missed} of the runs above`);
  process.exitCode = missed === 0 ? 0 : 1;
}

if (process.argv[2] === '--child') await child(process.argv[3], process.argv[4]);
else await parent();
