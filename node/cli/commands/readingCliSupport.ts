import path from 'node:path';
import { neuroSanWorkingDirectory } from '../../neurosan/neuroSanFiles';
import type { DiskLoadOptions } from '../../workspace/toolboxOnDisk';
import { UsageError, type CliIo } from '../command';

import { READINGS, type Reading } from '../../../shared/toolbox/index';

/** The `--as` and `--cwd` options, for parseCommandLine. */
export const readingOptions = {
  as: { type: 'string' },
  cwd: { type: 'string' },
} as const;

/** `--as`'s value checked, or the command's default. */
export function readingChoice(value: string | undefined, fallback: Reading): Reading {
  if (value === undefined) return fallback;
  if ((READINGS as readonly string[]).includes(value)) return value as Reading;
  throw new UsageError(`--as must be neuro-san or spec, not '${value}'`);
}

/** The usage lines of `--as` and `--cwd`. */
export function readingUsage(fallback: Reading): string[] {
  return [
    `  --as neuro-san|spec  whose reading of the file: neuro-san's (pyhocon's rules, what the LLM gets) or the HOCON`,
    `                       specification's (default: ${fallback})`,
    '  --cwd DIR            the working directory neuro-san runs in: a top-level include is looked up there',
    '                       (default for neuro-san\'s reading: the nearest folder upward from FILE holding',
    '                       registries/, else the working directory; for the spec\'s: the working directory)',
  ];
}

/**
 * How `tools`, `validate` and `catalog` read FILE: neuro-san's reading by default (what the LLM gets), in the
 * working directory `--cwd` names (default: see neuroSanWorkingDirectory); the spec's finds includes up to `--cwd`.
 */
export function diskReading(
  file: string,
  values: { as?: string | undefined; cwd?: string | undefined },
  io: CliIo,
): Pick<DiskLoadOptions, 'cwd' | 'baseDir' | 'reading' | 'neuroSanCwd' | 'workingDirectoryChosen'> {
  const reading = readingChoice(values.as, 'neuro-san');
  const baseDir = values.cwd !== undefined ? path.resolve(io.cwd, values.cwd) : io.cwd;
  if (reading === 'spec') return { cwd: io.cwd, baseDir, reading };
  const neuroSanCwd = neuroSanWorkingDirectory(file, values.cwd, io.cwd);
  // The spec's reading beside neuro-san's (what tells where the two differ) looks for a top-level include where
  // neuro-san does, as validate DIR and the app do: from the folder above a project it found none there and warned
  // that neuro-san reads a key the text does not seem to have (issue #34).
  return { cwd: io.cwd, baseDir: values.cwd !== undefined ? baseDir : neuroSanCwd, reading, neuroSanCwd, ...(values.cwd !== undefined ? { workingDirectoryChosen: true } : {}) };
}
