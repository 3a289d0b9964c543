// `npm run bench`: every benchmark, one after another. Each prints its medians and ratios against a peer measured in
// the same run (JSON.parse, @pushcorn/hocon-parser, Python Jinja2, a fresh python3 per call, the renderer with
// Monaco's full index, the UI goals).
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
let failed = 0;
for (const file of readdirSync(here).filter((f) => f.endsWith('.bench.mjs')).sort()) {
  console.log(`\n== ${file}`);
  const result = spawnSync(process.execPath, [path.join(here, file)], { stdio: 'inherit' });
  if (result.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
