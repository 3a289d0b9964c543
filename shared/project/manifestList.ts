import type { NeuroSanFactValues, NeuroSanFacts } from '../neurosan/versions/index';

/**
 * The manifests an AGENT_MANIFEST_FILE value names, as the project's neuro-san release splits it (facts.ts
 * `manifestListSeparator`): the whole value up to 0.6.22, at each " " from 0.6.23, at `os.pathsep` from 0.6.70.
 * `pathDelimiter` is os.pathsep where the value is used (":" on POSIX, ";" on Windows). Inside a window where the
 * release is not known exactly, what either side names: a manifest named on one side is one the project may serve.
 * Empty parts (two separators in a row) name nothing: neuro-san then reads the variable again whole, which names no
 * other file than the list does.
 */
export function manifestFilesNamed(value: string, facts: NeuroSanFacts, pathDelimiter: string): string[] {
  const named = [...split(value, facts.sure, pathDelimiter), ...split(value, facts.maybe, pathDelimiter)];
  return [...new Set(named.filter((part) => part !== ''))];
}

function split(value: string, facts: NeuroSanFactValues, pathDelimiter: string): string[] {
  switch (facts.manifestListSeparator) {
    case 'none':
      return [value];
    case 'space':
      return value.split(' ');
    case 'pathsep':
      return value.split(pathDelimiter);
  }
}
