// `validate DIR` on a real project (neuro-san-studio, say), as a user runs it: the built CLI in a fresh Node, its wall
// time, CPU time (user + system) and peak memory (maxRSS), against a peer run in the same way in the same run: a bare
// Node start (the fixed cost), and with --peer another build of the CLI (an earlier commit's dist/cli, to compare).
//   node bench/validate-project.bench.mjs PATH [--runs N] [--peer OTHER/dist/cli/toolbox-editor.cjs]
// Goal (issue 22): on neuro-san-studio no worse than before the project was read as neuro-san reads it (0.79 s,
// 115 MB on the machine it was measured on): compare with --peer on the same machine. The machine may be busy: each
// round runs this build and the peer one after the other (in turn first), and the verdict is the median of the rounds'
// own ratios, which a load both runs of a round meet alike cancels out of.
import { spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { argValue, median, outDir, root } from './lib/benchEnv.mjs';

const target = process.argv.slice(2).find((a, i, all) => !a.startsWith('--') && !['--runs', '--peer'].includes(all[i - 1]));
if (target === undefined || !existsSync(target)) {
  console.log(`validate-project: skipped, give a project folder (node bench/validate-project.bench.mjs PATH)${target ? `: ${target} is missing` : ''}`);
  process.exit(0);
}
const runs = Number(argValue('--runs', 7)) || 7;
const cli = path.join(root, 'dist', 'cli', 'toolbox-editor.cjs');
if (!existsSync(cli)) {
  console.log('validate-project: build first (npm run build)');
  process.exit(1);
}
const peer = argValue('--peer', undefined);

// Reports the process's peak memory and CPU time on exit, whatever the command; on Linux also the main thread's own CPU
// time (its schedstat, in ns): what the wall time waits for, where the CPU time also counts V8's background threads
// (optimizing compiles, garbage collection), which a second core runs alongside.
const probe = path.join(outDir, 'max-rss.cjs');
writeFileSync(
  probe,
  "process.on('exit', () => { const u = process.resourceUsage(); let main = -1; try { main = Number(require('fs').readFileSync(`/proc/self/task/${process.pid}/schedstat`, 'utf8').split(' ')[0]) / 1000; } catch {} process.stderr.write(`\\nmaxRSS ${u.maxRSS} cpu ${u.userCPUTime + u.systemCPUTime} main ${main}\\n`); });\n",
);

// The CLI's code cache (node/cli/codeCache.ts) in a folder of this bench's own: in the user's cache folder, other builds
// run on the machine evict it (the last sixteen kept), and a run that finds none compiles the bundle and writes one.
const codeCache = path.join(outDir, 'code-cache');

/** One run: wall and CPU seconds, peak kB, and how many problems it printed. */
function once(args) {
  const started = process.hrtime.bigint();
  const env = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', XDG_CACHE_HOME: codeCache };
  const run = spawnSync(process.execPath, ['-r', probe, ...args], { cwd: target, encoding: 'utf8', maxBuffer: 1 << 30, env });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const probed = /maxRSS (\d+) cpu (\d+) main (-?[\d.]+)/.exec(run.stderr);
  const main = Number(probed?.[3] ?? -1);
  return { seconds, cpu: Number(probed?.[2] ?? 0) / 1e6, main: main >= 0 ? main / 1e6 : undefined, rss: Number(probed?.[1] ?? 0), lines: run.stdout.split('\n').filter((l) => / (error|warning) /.test(l)).length };
}

const ours = [];
const theirs = [];
const bare = [];
for (let i = 0; i < runs; i++) {
  bare.push(once(['-e', '']));
  const mine = () => ours.push(once([cli, 'validate', '.']));
  const other = () => theirs.push(once([path.resolve(peer), 'validate', '.']));
  if (peer === undefined) {
    mine();
  } else if (i % 2 === 0) {
    mine();
    other();
  } else {
    other();
    mine();
  }
}

const mb = (kb) => (kb / 1024).toFixed(0);
const hasMain = (all) => all.every((r) => r.main !== undefined);
const line = (name, all) =>
  `  ${name.padEnd(11)}  wall ${median(all.map((r) => r.seconds)).toFixed(3)} s, CPU ${median(all.map((r) => r.cpu)).toFixed(3)} s${hasMain(all) ? ` (main thread ${median(all.map((r) => r.main)).toFixed(3)} s)` : ''}, peak ${mb(median(all.map((r) => r.rss)))} MB (max ${mb(Math.max(...all.map((r) => r.rss)))})`;
console.log(`validate-project: validate DIR on ${target}, medians of ${runs} rounds`);
console.log(`${line('this build', ours)}, ${ours[0].lines} problems`);
if (peer) console.log(`${line('peer build', theirs)}, ${theirs[0].lines} problems (${peer})`);
console.log(line('bare node', bare));
console.log(`  ratio this/bare-node CPU ${(median(ours.map((r) => r.cpu)) / median(bare.map((r) => r.cpu))).toFixed(2)}`);
if (peer) {
  const paired = (key) => median(ours.map((r, i) => r[key] / theirs[i][key])).toFixed(2);
  const mainRatio = hasMain(ours) && hasMain(theirs) ? `, main-thread CPU ${paired('main')}` : '';
  console.log(`  ratio this/peer (median of paired rounds): wall ${paired('seconds')}, CPU ${paired('cpu')}${mainRatio}, peak memory ${paired('rss')}`);
}
