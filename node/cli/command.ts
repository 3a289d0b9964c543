import { parseArgs, type ParseArgsConfig } from 'node:util';

/**
 * What one `toolbox-editor <name>` subcommand looks like. Each subcommand lives in its own file under
 * `commands/` and is listed once in `commands/index.ts`; `main.ts` only dispatches.
 */
export interface CliIo {
  /** Writes to standard output exactly the given text (nothing appended). */
  stdout(text: string): void;
  /** Writes to standard error exactly the given text (nothing appended). */
  stderr(text: string): void;
  /** The process's working directory, for resolving relative paths. */
  cwd: string;
  /** The process environment (a copy; commands must not mutate the real one). */
  env: Record<string, string | undefined>;
}

export interface CliCommand {
  name: string;
  /** The usage text printed by `toolbox-editor <name> --help` and on a usage error. */
  usage: string;
  /** Runs the command; resolves to the process exit code. Long-running commands (web) may never resolve. */
  run(args: string[], io: CliIo): Promise<number>;
}

/** A command as `--help` lists it; `load` imports its module (only when the command runs). */
export interface CommandEntry {
  name: string;
  /** One line for `toolbox-editor --help`. */
  summary: string;
  load(): Promise<CliCommand>;
}

/** A mistake in the command line: main prints the message and the command's usage, and exits 2. */
export class UsageError extends Error {}

type OptionSpecs = NonNullable<ParseArgsConfig['options']>;

/** Parses a command's arguments (options and positionals); a mistake becomes a UsageError with Node's wording. */
export function parseCommandLine<O extends OptionSpecs>(args: string[], options: O) {
  try {
    return parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}
