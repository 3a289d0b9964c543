// `validate DIR` on a real project (neuro-san-studio, say), as a user runs it: the built CLI in a fresh Node, its
// wall time (median of the runs) and peak memory (maxRSS), against a peer run in the same way in the same run: a bare
// Node start (the fixed cost), and with --peer another build of the CLI (an earlier commit's dist/cli, to compare).
//   node bench/validate-project.bench.mjs PATH [--runs N] [--peer OTHER/dist/cli/toolbox-editor.cjs]
// Goal (issue 22): on neuro-san-studio no worse than before the project was read as neuro-san reads it (0.79 s,
// 115 MB on the machine it was measured on): compare with --peer on the same machine.
import { spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { argValue, median, outDir, root } from './lib/benchEnv.mjs';

const target = process.argv.slice(2).find((a, i, all) => !a.startsWith('--') && !['--runs', '--peer'].includes(all[i - 1]));
if (target === undefined || !existsSync(target)) {
  console.log(`validate-project: skipped, give a project folder (node bench/validate-project.bench.mjs PATH)${target ? `: ${target} is missing` : ''}`);
  process.exit(0);
}
const runs = Number(argValue('--runs', 5)) || 5;
const cli = path.join(root, 'dist', 'cli', 'toolbox-editor.cjs');
if (!existsSync(cli)) {
  console.log('validate-project: build first (npm run build)');
  process.exit(1);
}
const peer = argValue('--peer', undefined);

// Reports the process's peak memory on exit, whatever the command.
const probe = path.join(outDir, 'max-rss.cjs');
writeFileSync(probe, "process.on('exit', () => process.stderr.write(`\\nmaxRSS ${process.resourceUsage().maxRSS}\\n`));\n");

/** One run: wall seconds and peak kB, and how many problems it printed. */
function once(args) {
  const started = process.hrtime.bigint();
  const run = spawnSync(process.execPath, ['-r', probe, ...args], { cwd: target, encoding: 'utf8', maxBuffer: 1 << 30, env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' } });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const rss = Number(/maxRSS (\d+)/.exec(run.stderr)?.[1] ?? 0);
  return { seconds, rss, lines: run.stdout.split('\n').filter((l) => / (error|warning) /.test(l)).length };
}

function measure(args) {
  const all = [];
  for (let i = 0; i < runs; i++) all.push(once(args));
  return { seconds: median(all.map((r) => r.seconds)), rss: Math.max(...all.map((r) => r.rss)), lines: all[0].lines };
}

// Interleaved, so that a busy machine weighs on each alike.
const bare = measure(['-e', '']);
const ours = measure([cli, 'validate', '.']);
const theirs = peer ? measure([path.resolve(peer), 'validate', '.']) : undefined;

const mb = (kb) => (kb / 1024).toFixed(0);
console.log(`validate-project: validate DIR on ${target}, median of ${runs} runs`);
console.log(`  this build   ${ours.seconds.toFixed(3)} s, peak ${mb(ours.rss)} MB, ${ours.lines} problems`);
if (theirs) console.log(`  peer build   ${theirs.seconds.toFixed(3)} s, peak ${mb(theirs.rss)} MB, ${theirs.lines} problems (${peer})`);
console.log(`  bare node    ${bare.seconds.toFixed(3)} s, peak ${mb(bare.rss)} MB`);
console.log(`  ratio this/bare-node time ${(ours.seconds / bare.seconds).toFixed(2)}`);
if (theirs) console.log(`  ratio this/peer: time ${(ours.seconds / theirs.seconds).toFixed(2)}, peak memory ${(ours.rss / theirs.rss).toFixed(2)}`);
