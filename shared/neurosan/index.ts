/**
 * neuro-san's reading of a file (what its ToolboxInfoRestorer returns: pyhocon 0.3.61, then a JSON round trip),
 * beside the specification's reading in shared/hocon. See README.md in this folder.
 */
export {
  readAsNeuroSan,
  defaultWorkingDirectory,
  type NeuroSanReadOptions,
  type NeuroSanReading,
  type NeuroSanFailure,
  type ReadingOrigin,
  type IncludeResolution,
  type PyhoconIncludeHost,
  type SourceSpan,
  type Environment,
} from './reading';
export { type ExactJson } from './reading';
export { resolveFileAsNeuroSan, valuesFromEntries, type NeuroSanResolveOptions, type NeuroSanResolvedDocument } from './asResolvedDocument';
export { toHocon } from './treeValues';
export { NeuroSanEntryCache } from './entryCache';
export { isJsonFileName, readJsonAsNeuroSan } from './jsonFile';
