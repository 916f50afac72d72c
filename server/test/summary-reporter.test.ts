// The closing line CI reads: a file that could not start is a failure, never "0 failed".
import { expect, it, vi } from 'vitest';
import type { TestModule } from 'vitest/node';
import SummaryReporter from './summary-reporter.ts';

function module(state: string, tests: string[]): TestModule {
  return {
    state: () => state,
    children: {
      allTests: () => tests.map((s) => ({ result: () => ({ state: s }) }))[Symbol.iterator](),
    },
  } as unknown as TestModule;
}

function summary(modules: TestModule[], errors: unknown[] = []): string {
  const log = vi.spyOn(console, 'log').mockImplementation(() => {});
  new SummaryReporter().onTestRunEnd(modules, errors);
  const line = String(log.mock.calls.at(-1)?.[0]).trim();
  log.mockRestore();
  return line;
}

it('counts passed, failed and skipped tests', () => {
  expect(
    summary([module('passed', ['passed', 'passed', 'skipped']), module('failed', ['failed'])]),
  ).toBe('Tests: 2 passed, 1 failed, 1 skipped');
});

it('a file that failed to start (its tests skipped) counts as a failure', () => {
  expect(summary([module('passed', ['passed']), module('failed', ['skipped', 'skipped'])])).toBe(
    'Tests: 1 passed, 1 failed, 2 skipped',
  );
  expect(summary([module('passed', ['passed'])], [new Error('unhandled')])).toBe(
    'Tests: 1 passed, 1 failed, 0 skipped',
  );
});
