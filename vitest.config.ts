import { defineConfig } from 'vitest/config';

// Unit and conformance tests for the pure (shared/) and Node (node/, electron/) code.
// Browser flows live in e2e/ and run under Playwright, not here.
export default defineConfig({
  test: {
    include: ['shared/**/*.test.ts', 'node/**/*.test.ts', 'electron/**/*.test.ts', 'renderer/**/*.test.ts', 'scripts/**/*.test.mjs', 'editors/vscode/src/**/*.test.ts'],
    exclude: ['node_modules/**', 'dist/**', 'e2e/**'],
    environment: 'node',
    setupFiles: ['vitest.setup.ts'],
    testTimeout: 30_000,
    reporters: ['default'],
  },
});
