import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    reporters: ['default', './server/test/summary-reporter.ts'],
    projects: [
      {
        test: {
          name: 'server',
          // API and database tests, and the end-to-end tests in a real browser.
          include: ['server/test/**/*.test.ts', 'e2e/**/*.test.ts'],
          globalSetup: ['server/test/global-setup.ts'],
          pool: 'forks',
          maxWorkers: 2,
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'web',
          include: ['web/test/**/*.test.{ts,tsx}'],
          environment: 'node',
        },
      },
    ],
  },
});
