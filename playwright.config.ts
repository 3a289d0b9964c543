import { defineConfig } from '@playwright/test';

// Browser mode runs against Debian's Chromium (never a Playwright-downloaded browser); the desktop project drives
// the real Electron app where its binary exists and is skipped, with the reason printed, where it does not.
export const chromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: { trace: 'retain-on-failure', screenshot: 'only-on-failure' },
  projects: [
    { name: 'browser', testMatch: 'browser/**/*.spec.ts', use: { browserName: 'chromium', launchOptions: chromiumLaunchOptions } },
    { name: 'electron', testMatch: 'electron/**/*.spec.ts' },
  ],
});
