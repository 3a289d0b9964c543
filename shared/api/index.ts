// The surface of shared/api/: code outside the folder imports it from here (eslint.config.js).
export * from './analysisDelta';
export * from './contract';
export * from './documentText';
export * from './jsonDepth';
export * from './jsonSize';
export * from './languageApi';
export * from './mcpApi';
export * from './networkApi';
export * from './preflightApi';
export * from './projectApi';
export * from './reviewApi';
export * from './runApi';
export * from './testRunApi';
export * from './textEdits';
export * from './toolboxApi';
