import { availableParallelism } from 'node:os';
import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { TestProgressReporter } from './scripts/test-progress-reporter.ts';

// One `npm test` runs every Vitest project: pure rules, API integration on a real database, web routes.
export default defineConfig({
  test: {
    // Vitest leaves one core to its main process (cores − 1): on a 2-core machine that is one worker
    // and the whole suite ran on one core. The main process only transforms files (~15 s of a run),
    // so two workers on two cores nearly halve `npm test` there; larger machines keep Vitest's default.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // In a log (CI, a pipe) a line at the start and every 15 s says what runs; a terminal keeps
    // the default reporter's live summary alone.
    reporters: process.stdout.isTTY
      ? ['default']
      : ['default', new TestProgressReporter({ root: fileURLToPath(new URL('.', import.meta.url)) })],
    projects: [
      {
        test: {
          name: 'shared',
          include: ['packages/*/src/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/api/test/**/*.test.ts', 'apps/api/src/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['apps/api/test/global-setup.ts'],
          pool: 'forks',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins: [react()],
        resolve: { alias: { '@': fileURLToPath(new URL('./apps/web/src', import.meta.url)) } },
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['apps/web/src/testing/setup-tests.ts'],
          // A test that clicks through the antd frame takes 1–2 s alone and several times that when
          // CI shares the machine's two cores; 5 s (the default) failed such tests on load alone.
          testTimeout: 20_000,
        },
      },
    ],
  },
});
