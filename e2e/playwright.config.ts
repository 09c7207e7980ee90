import { defineConfig } from '@playwright/test';

export default defineConfig({
  testDir: './specs',
  // Traces and failure screenshots: a folder per run (the runner sets it), so runs side by side do
  // not wipe each other's. The screenshots specs take on purpose go to e2e/test-results/screenshots.
  outputDir: process.env.E2E_OUTPUT_DIR ?? './test-results/run',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  // E2E_EXPECT_TIMEOUT: a busy machine (other builds running) needs longer than a quiet one.
  expect: { timeout: Number(process.env.E2E_EXPECT_TIMEOUT ?? 10_000) },
  reporter: [['list']],
  use: {
    baseURL: process.env.E2E_BASE_URL,
    // Recording a trace (a DOM snapshot per action, a screencast) took about a third of every
    // test's time on a 2-core machine, kept or not: CI records one only when it runs a failed test
    // again, so a real failure (it fails twice) still leaves its trace; locally, every failure.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
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
