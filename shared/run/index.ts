// The surface of shared/run/: runs, saved test cases and the project's run settings (eslint.config.js).
export * from './commandLine';
export * from './expectation';
export * from './runRequest';
export * from './runSettings';
export * from './savedCase';
export * from './caseFileEdits';
export * from './historyBounds';
