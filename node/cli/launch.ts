import path from 'node:path';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';
import { codeCacheDir, runWithCodeCache } from './codeCache';
import { cliV8Flags } from './v8Flags';

// The `toolbox-editor` executable (dist/cli/toolbox-editor.cjs): starts the CLI's bundle (bin.ts, built beside it as
// toolbox-editor-main.cjs) from V8's code cache (codeCache.ts). Kept apart from the bundle so that this small file is
// all Node compiles from text at each start.
const flags = cliV8Flags(process.versions.v8);
if (flags !== '') v8.setFlagsFromString(flags);
runWithCodeCache(path.join(path.dirname(fileURLToPath(import.meta.url)), 'toolbox-editor-main.cjs'), codeCacheDir(process.env));
