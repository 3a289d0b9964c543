import { defineConfig } from 'vitest/config';

// Unit and conformance tests for the pure (shared/) and Node (node/, electron/) code.
// Browser flows live in e2e/ and run under Playwright, not here.
//
// Two tiers (issue #35): `npm run test:unit` runs the fast one, for the edit-test loop (under a minute on 2 cores);
// `npm run test:slow` the rest; `vitest run` (what `npm test` and CI run) both. A file is slow when it took 1.5 s or more
// in a full run on 2 cores (test-reports/vitest.json): `node scripts/test-tiers.mjs` lists the fast tier's files that
// did after `npm test`, and the slow tier's that no longer do, to keep this list honest.
export const SLOW_TESTS = [
  // They start Python workers, tool runs and process trees.
  'node/python/callInput.test.ts',
  'node/python/processTree.test.ts',
  'node/python/toolReload.test.ts',
  'node/python/toolRunner.test.ts',
  'node/python/toolRunnerFaults.test.ts',
  'node/python/windowsJob.test.ts',
  'node/python/workerPool.test.ts',
  'node/toolbox/classLookup.test.ts',
  'node/toolbox/pythonTools.test.ts',
  'node/api/checkWithNeuroSan.test.ts',
  // Types for a while in a big toolbox, twice, and measures the heap.
  'node/api/memoryOverKeystrokes.test.ts',
  'node/api/importFailureSurfaces.test.ts',
  'node/api/installedNeuroSan.test.ts',
  'node/api/preflightHandlers.test.ts',
  'node/api/toolRunParity.test.ts',
  'node/preflight/preflightToolbox.test.ts',
  'node/project/projectDotEnv.test.ts',
  'node/project/settingsReachSurfaces.test.ts',
  'node/security/projectCode.test.ts',
  // They run the built CLI, or a server and its clients (MCP, the language server, Neovim, the web server, git).
  'node/cli/bin.test.ts',
  'node/cli/commands/agents.test.ts',
  'node/cli/commands/call.test.ts',
  'node/cli/commands/catalog.test.ts',
  'node/cli/commands/check.test.ts',
  'node/cli/commands/classLookup.test.ts',
  'node/cli/commands/diff.test.ts',
  'node/cli/commands/projectVerdicts.test.ts',
  'node/cli/commands/rename.test.ts',
  'node/cli/commands/scaffold.test.ts',
  'node/cli/commands/templateBounds.test.ts',
  'node/cli/commands/test.test.ts',
  'node/cli/commands/withNeuroSan.test.ts',
  'node/cli/commands/validateFromAbove.test.ts',
  'node/mcp/mcpClient.test.ts',
  'node/mcp/mcpServer.test.ts',
  'node/mcp/projectServers.test.ts',
  'node/language/languageServer.test.ts',
  'node/language/agentSymbols.test.ts',
  'node/language/largeToolbox.test.ts',
  'node/language/fixtureParity.test.ts',
  'node/language/realProjectParity.test.ts',
  'node/language/neovim.test.ts',
  'node/server/webServer.test.ts',
  'node/docsCommands.test.ts',
  'node/review/safeGit.test.ts',
  'node/api/apiThread.test.ts',
  'node/api/apiThreadWorkers.test.ts',
  // Property, fuzz, hostile-input and corpus sweeps.
  'shared/hocon/safety.test.ts',
  'shared/hocon/includePaths.test.ts',
  'shared/hocon/plainDocument.test.ts',
  'shared/jinja/growthLimits.test.ts',
  'shared/neurosan/longStrings.test.ts',
  'shared/toolbox/sameWords.test.ts',
  'node/server/fuzz.test.ts',
  'node/api/hostileShapes.test.ts',
  'node/hocon/formatCorpus.test.ts',
  'node/neurosan/conformance.test.ts',
  'node/neurosan/versionEverySurface.test.ts',
  'node/project/projectOnDisk.test.ts',
  'node/history/historyTrim.test.ts',
  'node/tokens/rankTable.test.ts',
];

// Files that replace a module (vi.mock) or a global need a module registry of their own; the rest of the fast tier
// shares one per worker (isolate: false), which takes its run from ~160 s to ~60 s on 2 cores.
export const MOCKING = [
  'node/files/changesFromRead.test.ts',
  'electron/hardening.test.ts',
  'renderer/workspaceListeners.test.ts',
  'renderer/layout/paneLayout.test.ts',
  'editors/vscode/src/extension.test.ts',
  'node/api/projectFactsPerKeystroke.test.ts',
];

const ALL = ['shared/**/*.test.ts', 'node/**/*.test.ts', 'electron/**/*.test.ts', 'renderer/**/*.test.ts', 'scripts/**/*.test.mjs', 'editors/vscode/src/**/*.test.ts'];
const EXCLUDED = ['node_modules/**', 'dist/**', 'e2e/**'];

export default defineConfig({
  test: {
    environment: 'node',
    setupFiles: ['vitest.setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    reporters: ['default'],
    projects: [
      { extends: true, test: { name: 'unit', include: ALL, exclude: [...EXCLUDED, ...SLOW_TESTS, ...MOCKING], isolate: false } },
      { extends: true, test: { name: 'unit-mocking', include: MOCKING, exclude: EXCLUDED } },
      { extends: true, test: { name: 'slow', include: SLOW_TESTS, exclude: EXCLUDED } },
    ],
  },
});
