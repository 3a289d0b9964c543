// Builds everything the app runs from: the renderer (Vite) and the Node-side bundles (esbuild).
//   node scripts/build.mjs          everything
//   node scripts/build.mjs --node   only the CLI and Electron bundles (fast, for CLI work)
import { build as esbuild } from 'esbuild';
import { chmodSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const nodeOnly = process.argv.includes('--node');

// import.meta.url does not exist in CommonJS output; give bundled code the bundle's own file URL instead,
// so `node/paths.ts` finds resources/ the same way under Vitest (ESM) and in the bundles (CJS).
const common = {
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  sourcemap: true,
  charset: 'ascii',
  logLevel: 'warning',
  define: { 'import.meta.url': '__bundleFileUrl' },
  banner: { js: "const __bundleFileUrl = require('node:url').pathToFileURL(__filename).href;" },
};

// The tokenizers' ranks (gpt-tokenizer's bpeRanks, read by node/tokens/tokenizers.ts) are a table of typed arrays
// written next to the bundles (node/tokens/rankTable.ts): loaded in milliseconds when a count is first asked for,
// where the package's module took 150-250 ms and 60 MB. The package's ranks are files of their own beside them too
// (3.4 MB of the bundle otherwise): what the counter falls back on where no table is found.
const ENCODINGS = ['o200k_base', 'cl100k_base'];
const encodingFile = (name) => `gpt-tokenizer-${name}.cjs`;
const separateEncodings = {
  name: 'separate-encodings',
  setup(build) {
    build.onResolve({ filter: /^gpt-tokenizer\/bpeRanks\// }, (args) => {
      const name = args.path.slice('gpt-tokenizer/bpeRanks/'.length);
      if (!ENCODINGS.includes(name)) throw new Error(`scripts/build.mjs: add ${name} to ENCODINGS`);
      return { path: `./${encodingFile(name)}`, external: true };
    });
  },
};
const withEncodings = { plugins: [separateEncodings] };

const jobs = [
  esbuild({ ...common, ...withEncodings, entryPoints: ['node/cli/bin.ts'], outfile: 'dist/cli/toolbox-editor.cjs',
    banner: { js: `#!/usr/bin/env node\n${common.banner.js}` } }),
  esbuild({ ...common, ...withEncodings, entryPoints: ['electron/main.ts'], outfile: 'dist/electron/main.cjs', external: ['electron'] }),
  // The API's own thread (node/api/apiThread.ts), next to each bundle that starts it.
  esbuild({ ...common, ...withEncodings, entryPoints: ['node/api/apiThreadMain.ts'], outfile: 'dist/cli/api-thread.cjs' }),
  esbuild({ ...common, ...withEncodings, entryPoints: ['node/api/apiThreadMain.ts'], outfile: 'dist/electron/api-thread.cjs' }),
  // Projects are read on a thread of their own (node/language/projectReadings.ts), for the language server (CLI) and
  // the editor's go to definition, references and rename (the API thread, CLI's browser mode and Electron).
  esbuild({ ...common, ...withEncodings, entryPoints: ['node/language/projectReadingMain.ts'], outfile: 'dist/cli/project-reading-thread.cjs' }),
  esbuild({ ...common, ...withEncodings, entryPoints: ['node/language/projectReadingMain.ts'], outfile: 'dist/electron/project-reading-thread.cjs' }),
  ...['dist/cli', 'dist/electron'].flatMap((dir) =>
    ENCODINGS.map((name) => esbuild({ ...common, entryPoints: [`gpt-tokenizer/bpeRanks/${name}`], outfile: `${dir}/${encodingFile(name)}`, sourcemap: false })),
  ),
  // Sandboxed preloads must be a single CommonJS file that requires nothing but 'electron'.
  esbuild({ ...common, entryPoints: ['electron/preload.ts'], outfile: 'dist/electron/preload.cjs', external: ['electron'] }),
];
await Promise.all(jobs);
chmodSync('dist/cli/toolbox-editor.cjs', 0o755);

// Each encoding's rank table, written by the counter's own code (bundled for this script, run from memory).
const tableCode = await esbuild({ ...common, entryPoints: ['node/tokens/rankTable.ts'], format: 'esm', sourcemap: false, write: false, banner: {}, define: {} });
const { serializeRanks, rankTableFileName } = await import(`data:text/javascript;base64,${Buffer.from(tableCode.outputFiles[0].text).toString('base64')}`);
for (const name of ENCODINGS) {
  const { default: ranks } = await import(`gpt-tokenizer/bpeRanks/${name}`);
  const table = serializeRanks(ranks);
  for (const dir of ['dist/cli', 'dist/electron']) writeFileSync(path.join(dir, rankTableFileName(name)), table);
}

// V8 keeps a script's text in memory one byte a character when every character fits in one (Latin-1), else two: a
// single arrow in a comment doubles what the bundle's text costs (8 MB for the CLI). esbuild writes strings, templates,
// regular expressions and names in ASCII (its `charset: 'ascii'`, the default); only comments keep other characters,
// so those are replaced here, one '?' per UTF-16 unit (the source maps' columns stay right).
const NOT_ASCII = /[\u0080-\uffff]/;
for (const dir of ['dist/cli', 'dist/electron']) {
  for (const name of readdirSync(dir).filter((n) => n.endsWith('.cjs'))) {
    const file = path.join(dir, name);
    const text = readFileSync(file, 'utf8');
    if (NOT_ASCII.test(text)) writeFileSync(file, text.replace(new RegExp(NOT_ASCII.source, 'g'), '?'));
  }
}

if (!nodeOnly) {
  const { build: viteBuild } = await import('vite');
  await viteBuild({ configFile: 'vite.config.ts', logLevel: 'warn' });
}
console.log(`built ${nodeOnly ? 'node bundles' : 'renderer and node bundles'} into dist/`);
