// Issue #34 on real neuro-san projects: for every file of each project, do `validate DIR`, `validate FILE`, the app's
// analysis (toolbox.analyze) and the language server report the same problems (rule, message, line, severity)?
// Nothing of those projects is kept here: give bare mirrors (/work/.mirror/*/repo, checked out into a temporary
// folder removed at the end) or folders. Runs node/language/realProjectParity.test.ts under vitest (the surfaces
// from the sources, in-process), then prints per project: files read, problems by validate DIR, and how many each other
// surface says in addition (+) or lacks (-).
//
//   node scripts/parity-real-projects.mjs [--show] [--json OUT] PATH...
//
// --show   print each difference
// --json   write the per-project figures to OUT
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { checkoutProject } from './realProjectCheckout.mjs';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values, positionals } = parseArgs({ allowPositionals: true, options: { show: { type: 'boolean' }, json: { type: 'string' } } });
if (positionals.length === 0) {
  console.error('Usage: node scripts/parity-real-projects.mjs [--show] [--json OUT] PATH...');
  process.exit(2);
}
const scratch = mkdtempSync(path.join(tmpdir(), 'tbe-parity-real-'));
const figuresFile = path.join(scratch, 'figures.jsonl');
let figures;
try {
  const projects = positionals.filter((p) => existsSync(p) && statSync(p).isDirectory()).map((p) => checkoutProject(p, scratch));
  // As a new user would run it: none of neuro-san's settings from this shell.
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^(AGENT_|MCP_SERVERS_INFO_FILE)/.test(name)));
  const run = spawnSync(process.execPath, [path.join(repo, 'node_modules', 'vitest', 'vitest.mjs'), 'run', 'node/language/realProjectParity.test.ts'], {
    cwd: repo,
    env: { ...env, TBE_PARITY_PROJECTS: JSON.stringify(projects), TBE_PARITY_OUT: figuresFile },
    encoding: 'utf8',
    maxBuffer: 1 << 30,
  });
  if (!existsSync(figuresFile)) {
    console.error(run.stdout.slice(-4000), run.stderr.slice(-4000));
    process.exit(1);
  }
  figures = readFileSync(figuresFile, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
} finally {
  rmSync(scratch, { recursive: true, force: true });
}

const count = (d) => `+${d.extra.length}/-${d.missing.length}`;
const width = Math.max(8, ...figures.map((p) => p.name.length));
console.log(`${'project'.padEnd(width)}  files  problems  validate FILE  app (analyze)  language server  seconds`);
for (const p of figures) {
  console.log(`${p.name.padEnd(width)}  ${String(p.files).padStart(5)}  ${String(p.problems).padStart(8)}  ${count(p.file).padStart(13)}  ${count(p.app).padStart(13)}  ${count(p.lsp).padStart(15)}  ${p.seconds.toFixed(1).padStart(7)}`);
  if (values.show) {
    for (const surface of ['file', 'app', 'lsp']) {
      for (const d of p[surface].extra) console.log(`  ${surface} +  ${d}`);
      for (const d of p[surface].missing) console.log(`  ${surface} -  ${d}`);
    }
  }
}
const agree = figures.filter((p) => ['file', 'app', 'lsp'].every((s) => p[s].extra.length + p[s].missing.length === 0)).length;
console.log(`\n${agree} of ${figures.length} projects say the same on every surface`);
if (values.json) writeFileSync(values.json, `${JSON.stringify(figures, null, 2)}\n`);
process.exit(agree === figures.length ? 0 : 1);
