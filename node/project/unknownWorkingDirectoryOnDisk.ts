import path from 'node:path';
import type { ProjectAnalysis } from '../../shared/project/analyzeProject';
import type { ProjectReader } from '../../shared/project/projectReader';
import { analysisFromEither, type EitherFolders } from '../../shared/project/unknownWorkingDirectory';
import { slashed } from '../files/slashedPaths';

/*
 * A project placed with `alsoFrom` (projectPlacement.ts: inside another, neither saying it runs it) read from the
 * outer project's root as well, so that each of its files is judged from either folder
 * (shared/project/unknownWorkingDirectory.ts). Its files are then a part of the outer project, as neuro-san would
 * read them started there.
 */

/** How the warning names the two folders: relative to the outer root. */
export function eitherFolders(root: string, alsoFrom: string): EitherFolders {
  const inner = slashed(path.relative(alsoFrom, root));
  return { here: `${inner}/`, there: './', inner, up: slashed(path.relative(root, alsoFrom)) };
}

/**
 * The analysis of the project at `root` (read by `reader`, paths relative to it) judged from `alsoFrom` too, where
 * `other` reads the outer project whole (projectOnDisk.ts outerReaderOf).
 */
export function analysisFromEitherOnDisk(root: string, alsoFrom: string, reader: ProjectReader, other: ProjectReader, analysis: ProjectAnalysis): ProjectAnalysis {
  const toOther = (file: string) => slashed(path.relative(alsoFrom, path.join(root, file)));
  const fromOther = (file: string) => slashed(path.relative(root, path.resolve(alsoFrom, file)));
  return analysisFromEither(
    analysis,
    {
      here: (file) => reader.diagnostics(file),
      there: (file) => other.diagnostics(toOther(file)).map((d) => ({ ...d, file: fromOther(d.file) })),
      text: (file) => {
        const text = reader.text(file);
        return typeof text === 'string' ? text : '';
      },
    },
    eitherFolders(root, alsoFrom),
  );
}
