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
          // A browser flow takes 10-25 s beside another file on two cores, and up to twice that on
          // a slower machine; a timeout is a hang detector here, not a speed rule (bench/ has those).
          testTimeout: 90_000,
          hookTimeout: 120_000,
          // A browser screen under load (two test files at once, on two cores) can take a few
          // seconds to show a change; a poll gives up after 10 s, not the default 1 s.
          expect: { poll: { timeout: 10_000 } },
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
