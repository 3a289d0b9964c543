// The surface of shared/mcp/: the MCP servers a project's networks name, as neuro-san reads them (pure: nothing here
// contacts a server).
export * from './mcpInfo';
export * from './mcpReferences';
export * from './mcpToolNames';
export * from './mcpUrl';
export * from './projectMcp';
export * from './slyCredentials';
