/** neuro-san's facts by version, and which version a project runs: see facts.ts. */
export { compareVersions, parseVersion, releaseText, atLeast, type NeuroSanVersion } from './version';
export {
  CHANGES,
  NEWEST_KNOWN_VERSION,
  SERIES_NEWEST,
  factsFor,
  newestFacts,
  knowsTypeName,
  defaultMayDefine,
  versionWords,
  codedClassWays,
  type CodedClassWay,
  type NeuroSanFacts,
  type NeuroSanFactValues,
  type NeuroSanChange,
  type FactSource,
  type Converter,
  type CodedClassLookup,
} from './facts';
export { pinsInFile, pinsInRequirements, pinsInPyproject, pinsInSetupCfg, impliedVersion, describePin, type NeuroSanPin } from './pin';
export { chooseNeuroSanVersion, factsOfProject, describeProjectNeuroSan, neuroSanLabel, whyNeuroSan, newerThanKnownWords, type ProjectNeuroSan, type VersionSource, type VersionSources } from './projectVersion';
export { parameterTypeSuggestions, modelNameSuggestions } from './typeSuggestions';
export { MODEL_NAME_CHANGES, modelNamesFor } from './modelNames';
