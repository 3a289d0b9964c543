// `npm test`: every check and every test, in order, with one summary line at the end that CI can read.
//   typecheck -> lint -> electronegativity -> build -> unit and conformance tests (Vitest) -> end-to-end tests (Playwright)
// Every step runs even if an earlier test step failed, so one run shows everything; the exit code is non-zero if
// anything failed.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  console.error(`${chromium} is missing: the end-to-end tests drive Debian's Chromium. Install it with \`apt-get install chromium\` (or set CHROMIUM_PATH).`);
  process.exit(1);
}
// Playwright empties test-results/ when it starts, so the runners' reports go elsewhere.
mkdirSync('test-reports', { recursive: true });

const run = (label, command, args, env = {}) => {
  console.log(`\n== ${label}: ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status === 0;
};

const failures = [];
for (const [label, args] of [
  ['typecheck (node side)', ['tsc', '-p', 'tsconfig.node.json', '--noEmit']],
  ['typecheck (renderer)', ['tsc', '-p', 'tsconfig.web.json', '--noEmit']],
  ['typecheck (end-to-end tests)', ['tsc', '-p', 'tsconfig.e2e.json', '--noEmit']],
  ['lint', ['eslint', '.']],
]) {
  if (!run(label, 'npx', args)) failures.push(label);
}
// Electron hardening as Doyensec's scanner sees it; every finding left is explained in the script.
if (!run('electronegativity', process.execPath, ['scripts/electronegativity.mjs'])) failures.push('electronegativity');
if (!run('build', process.execPath, ['scripts/build.mjs'])) {
  console.error('The build failed: the tests need it.');
  process.exit(1);
}

// The VS Code extension packs without the network (`npm run package:vscode`): where this machine can (root on
// Linux), the packaging runs in a network namespace of its own, so a step that reached out would fail here.
const offline = process.platform === 'linux' && process.getuid?.() === 0 && spawnSync('unshare', ['-n', 'true']).status === 0;
const packaged = offline
  ? run('VS Code extension, without the network', 'unshare', ['-n', process.execPath, 'scripts/package-vscode.mjs'])
  : run('VS Code extension', process.execPath, ['scripts/package-vscode.mjs']);
if (!packaged || !existsSync('editors/vscode/toolbox-editor-hocon.vsix')) failures.push('VS Code extension');

const unitReport = 'test-reports/vitest.json';
const unitOk = run('unit and conformance tests', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${unitReport}`]);
if (!unitOk) failures.push('unit tests');
const e2eReport = 'test-reports/playwright.json';
const e2eOk = run('end-to-end tests', 'npx', ['playwright', 'test', '--reporter=list,json'], { PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport });
if (!e2eOk) failures.push('end-to-end tests');

const counts = { passed: 0, failed: 0, skipped: 0 };
const read = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null);
const unit = read(unitReport);
if (unit) {
  console.log(`\nunit: ${unit.numPassedTests} passed, ${unit.numFailedTests} failed, ${unit.numPendingTests + unit.numTodoTests} skipped`);
  counts.passed += unit.numPassedTests;
  counts.failed += unit.numFailedTests;
  counts.skipped += unit.numPendingTests + unit.numTodoTests;
}
const e2e = read(e2eReport);
if (e2e) {
  const s = e2e.stats;
  console.log(`e2e: ${s.expected + s.flaky} passed, ${s.unexpected} failed, ${s.skipped} skipped`);
  counts.passed += s.expected + s.flaky;
  counts.failed += s.unexpected;
  counts.skipped += s.skipped;
}
if (failures.length && counts.failed === 0) counts.failed = failures.length; // a failed check counts as a failure
// The failed tests' names again, last: CI keeps only the tail of the output, far below where the runners named them.
const failedNames = [
  ...(unit?.testResults ?? []).flatMap((file) =>
    (file.assertionResults ?? [])
      .filter((test) => test.status === 'failed')
      .map((test) => `unit ✗ ${path.relative(process.cwd(), file.name)} › ${test.fullName}\n    ${String(test.failureMessages?.[0] ?? '').split('\n').slice(0, 3).join('\n    ')}`),
  ),
  ...playwrightFailures(e2e?.suites ?? []).map((name) => `e2e ✗ ${name}`),
];
for (const line of failedNames) console.log(line);
console.log(`total: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
if (failures.length) console.log(`failed steps: ${failures.join(', ')}`);
process.exit(failures.length ? 1 : 0);

/** Every failed test in a Playwright JSON report, as file › title. */
function playwrightFailures(suites) {
  const names = [];
  const visit = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) if (test.status === 'unexpected') names.push(`${spec.file}:${spec.line} › ${spec.title} [${test.projectName}]`);
    }
    for (const child of suite.suites ?? []) visit(child);
  };
  for (const suite of suites) visit(suite);
  return names;
}
