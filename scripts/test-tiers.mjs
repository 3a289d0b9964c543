// Keeps vitest.config.ts's SLOW_TESTS honest: after `npm test` (which writes test-reports/vitest.json), lists the
// fast tier's files that took 1.5 s or more, and the slow tier's that took less (candidates to move back).
//   node scripts/test-tiers.mjs [REPORT]
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const report = process.argv[2] ?? 'test-reports/vitest.json';
if (!existsSync(report)) {
  console.error(`${report} is missing: run npm test first (or name a Vitest JSON report).`);
  process.exit(2);
}
const config = readFileSync('vitest.config.ts', 'utf8');
const slowBlock = config.slice(config.indexOf('SLOW_TESTS = ['), config.indexOf('];', config.indexOf('SLOW_TESTS = [')));
const slow = new Set([...slowBlock.matchAll(/'([^']+\.test\.(?:ts|mjs))'/g)].map((m) => m[1]));
const SLOW_SECONDS = 1.5;
const { testResults } = JSON.parse(readFileSync(report, 'utf8'));
const files = testResults.map((f) => ({ file: path.relative(process.cwd(), f.name), seconds: (f.endTime - f.startTime) / 1000 }));
const promote = files.filter((f) => !slow.has(f.file) && f.seconds >= SLOW_SECONDS);
const demote = files.filter((f) => slow.has(f.file) && f.seconds < SLOW_SECONDS / 2);
const show = (f) => `  ${f.seconds.toFixed(1).padStart(5)} s  ${f.file}`;
console.log(`fast tier, ${SLOW_SECONDS} s or more (move to SLOW_TESTS):\n${promote.map(show).join('\n') || '  none'}`);
console.log(`slow tier, under ${SLOW_SECONDS / 2} s (could move back):\n${demote.map(show).join('\n') || '  none'}`);
