import { runCli } from './main';

// The `toolbox-editor` executable: wires the CLI to the real process.
runCli(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  cwd: process.cwd(),
  env: { ...process.env },
}).then(
  (code) => {
    // Let pending output drain before exiting; long-running commands (web) never get here.
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`toolbox-editor: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exitCode = 1;
  },
);
