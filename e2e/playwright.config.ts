import { defineConfig } from '@playwright/test';
import { signedInState } from './signedInState';

// Runs against a Plinth server that is already up (see .ci/run): PLINTH_E2E_URL, default port 3111.
// Debian's Chromium, never a downloaded browser.
export default defineConfig({
  testDir: '.',
  outputDir: '../test-results/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list'], ['html', { outputFolder: '../playwright-report', open: 'never' }]],
  projects: [
    { name: 'setup', testMatch: /auth\.setup\.ts/ },
    {
      name: 'chromium',
      testMatch: /.*\.spec\.ts/,
      dependencies: ['setup'],
      // Journeys start signed in (one sign-in for the run); the sign-in journey clears it.
      use: { storageState: signedInState },
    },
  ],
  use: {
    baseURL: process.env.PLINTH_E2E_URL ?? 'http://127.0.0.1:3111',
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    locale: 'en-AU',
    timezoneId: 'Australia/Sydney',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
