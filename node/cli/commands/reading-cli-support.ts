import { UsageError } from '../command';

/** Which reading of a file a command uses: neuro-san's (pyhocon's rules) or the HOCON specification's. */
export type ReadingChoice = 'neuro-san' | 'spec';

/** The `--as` and `--cwd` options, for parseCommandLine. */
export const readingOptions = {
  as: { type: 'string' },
  cwd: { type: 'string' },
} as const;

/** `--as`'s value checked, or the command's default. */
export function readingChoice(value: string | undefined, fallback: ReadingChoice): ReadingChoice {
  if (value === undefined) return fallback;
  if (value === 'neuro-san' || value === 'spec') return value;
  throw new UsageError(`--as must be neuro-san or spec, not '${value}'`);
}

/** The usage lines of `--as` and `--cwd`. */
export function readingUsage(fallback: ReadingChoice): string[] {
  return [
    `  --as neuro-san|spec  whose reading of the file: neuro-san's (pyhocon's rules, what the LLM gets) or the HOCON`,
    `                       specification's (default: ${fallback})`,
    '  --cwd DIR            the working directory neuro-san runs in: a top-level include is looked up there',
    '                       (default for neuro-san\'s reading: the nearest folder upward from FILE holding',
    '                       registries/, else FILE\'s folder; for the spec\'s: the working directory)',
  ];
}

/** `--as` and `--cwd` as loadFileFromDisk options (neuro-san's reading by default, for tools, validate and catalog). */
export function diskReadingOptions(values: { as?: string; cwd?: string }): { reading: ReadingChoice; neuroSanCwd?: string } {
  const reading = readingChoice(values.as, 'neuro-san');
  return { reading, ...(values.cwd !== undefined ? { neuroSanCwd: values.cwd } : {}) };
}
