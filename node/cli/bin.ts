import { runCli } from './main';
import { exitWhenDone } from './exitWhenDone';

/** The status a Unix tool ends with when killed by SIGPIPE (128 + 13), which is what a shell shows for `| head`. */
const EXIT_BROKEN_PIPE = 141;

// A reader that went away (`toolbox-editor validate x | head -1`) is not an error: stop at once and say nothing, as a
// Unix tool does. Node ignores SIGPIPE and reports EPIPE as an 'error' event, which would otherwise crash with a stack.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(EXIT_BROKEN_PIPE);
    throw error;
  });
}
// What is open before the command runs (the standard streams' own handles): see exitWhenDone.
const openAtStart = process.getActiveResourcesInfo();

// The `toolbox-editor` executable: wires the CLI to the real process.
runCli(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  cwd: process.cwd(),
  env: { ...process.env },
}).then(
  (code) => exitWhenDone(code, openAtStart),
  (error: unknown) => {
    process.stderr.write(`toolbox-editor: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exitCode = 1;
  },
);
