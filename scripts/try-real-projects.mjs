// Runs `validate DIR --json` on real neuro-san projects, as a new user would, and tallies the reports by rule: the
// check that a rule's verdicts hold on projects nobody here wrote (issue #22). Nothing of those projects is kept in
// this repository: give the paths of their bare mirrors (`fetch github:owner/name` puts them under /work/.mirror/) or
// of checked-out folders; mirrors are checked out (git archive HEAD) into a temporary folder, removed at the end.
//
//   node scripts/try-real-projects.mjs [--cli dist/cli/toolbox-editor.cjs] [--show RULE]... [--json OUT] [--neuro-san-version V] PATH...
//   node scripts/try-real-projects.mjs /work/.mirror/*/repo
//
// --cli    the CLI bundle to run (default: this checkout's dist/, after `npm run build`): compare two builds by
//          running the script once with each
// --show   also print every report of RULE (repeatable; `all` for every report), to judge each hit against
//          neuro-san's own code
// --json   write {projects: [{name, files, errors, warnings, hints, byRule, seconds}], byRule} to OUT
// --neuro-san-version
//          check every project for that release rather than its own pin (a rule placed in no known release yet is
//          judged with a version newer than the newest known, such as 0.7.99)
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { checkoutProject } from './realProjectCheckout.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { cli: { type: 'string' }, show: { type: 'string', multiple: true }, json: { type: 'string' }, 'neuro-san-version': { type: 'string' } },
});
if (positionals.length === 0) {
  console.error('Usage: node scripts/try-real-projects.mjs [--cli BUNDLE] [--show RULE]... [--json OUT] [--neuro-san-version V] PATH...');
  process.exit(2);
}
const cli = path.resolve(values.cli ?? path.join(here, '..', 'dist', 'cli', 'toolbox-editor.cjs'));
if (!existsSync(cli)) {
  console.error(`${cli} is missing: run npm run build first (or give --cli).`);
  process.exit(2);
}
const show = new Set(values.show ?? []);
const scratch = mkdtempSync(path.join(tmpdir(), 'tbe-real-projects-'));

const checkout = (given) => checkoutProject(given, scratch);

// As a new user would run it: none of neuro-san's settings from this shell.
const userEnvironment = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^(AGENT_|MCP_SERVERS_INFO_FILE)/.test(name)));
const projects = [];
const total = new Map();
try {
  for (const given of positionals) {
    if (!existsSync(given) || !statSync(given).isDirectory()) {
      console.error(`${given}: not a folder, skipped`);
      continue;
    }
    const { name, dir } = checkout(given);
    const started = process.hrtime.bigint();
    const version = values['neuro-san-version'] ? ['--neuro-san-version', values['neuro-san-version']] : [];
    const run = spawnSync(process.execPath, [cli, 'validate', '.', '--json', ...version], { cwd: dir, encoding: 'utf8', maxBuffer: 1 << 30, env: userEnvironment });
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    let report;
    try {
      report = JSON.parse(run.stdout);
    } catch {
      console.error(`${name}: validate gave no JSON (exit ${run.status}): ${(run.stderr || run.stdout).slice(0, 400)}`);
      continue;
    }
    // One project ({diagnostics, files}) or several ({projects: [...]}) under the folder.
    const parts = Array.isArray(report.projects) ? report.projects : [report];
    const diagnostics = parts.flatMap((p) => p.diagnostics ?? []);
    const files = parts.reduce((n, p) => n + (p.files?.length ?? 0), 0);
    const byRule = {};
    for (const d of diagnostics) {
      const key = `${d.severity} ${d.rule}`;
      byRule[key] = (byRule[key] ?? 0) + 1;
      total.set(key, (total.get(key) ?? 0) + 1);
      if (show.has(d.rule) || show.has('all')) console.log(`  ${name}: ${d.file}:${d.line}:${d.column} ${d.severity} ${d.rule} ${d.message.slice(0, 300)}`);
    }
    const count = (severity) => diagnostics.filter((d) => d.severity === severity).length;
    // Hints (style advice) apart: they fail no build, and are not the noise a warning is.
    projects.push({ name, roots: parts.length, files, errors: count('error'), warnings: count('warning'), hints: count('hint'), byRule, seconds: Math.round(seconds * 100) / 100 });
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}

const width = Math.max(8, ...projects.map((p) => p.name.length));
console.log(`${'project'.padEnd(width)}  roots  files  errors  warnings  hints  seconds`);
for (const p of projects) {
  console.log(`${p.name.padEnd(width)}  ${String(p.roots).padStart(5)}  ${String(p.files).padStart(5)}  ${String(p.errors).padStart(6)}  ${String(p.warnings).padStart(8)}  ${String(p.hints).padStart(5)}  ${p.seconds.toFixed(2).padStart(7)}`);
}
const sum = (key) => projects.reduce((n, p) => n + p[key], 0);
console.log(`${'total'.padEnd(width)}  ${String(sum('roots')).padStart(5)}  ${String(sum('files')).padStart(5)}  ${String(sum('errors')).padStart(6)}  ${String(sum('warnings')).padStart(8)}  ${String(sum('hints')).padStart(5)}`);
console.log('\nreports by rule:');
for (const [key, n] of [...total].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))) console.log(`  ${String(n).padStart(6)}  ${key}`);
if (values.json) writeFileSync(values.json, `${JSON.stringify({ projects, byRule: Object.fromEntries(total) }, null, 2)}\n`);
