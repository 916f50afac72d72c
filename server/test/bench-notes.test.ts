// bench/results/latest.md "Notes": the payments list as the manager within 2x of the accountant's
// (issue 31, item 3), read from the payments lines of the run, not from another request measured
// for information beside them (the unpaid view's total is measured for the same accounts).
import { describe, expect, it } from 'vitest';
import { explainNotes, type Findings, type ListRun } from '../../bench/lib/notes.ts';
import { paymentsKey } from '../../bench/lib/queries.ts';

const line = (key: string, account: ListRun['account'], p95: number) =>
  ({ key, screen: key, url: '', account, totalCount: null, p95 }) as unknown as ListRun;

/** A run whose figures all meet their targets, with the given information lines. */
function run(info: ListRun[]): Findings {
  const variant = (key: string) => ({
    key,
    cpuPerRequest: { server: Number.NaN, postgres: Number.NaN, load: 0 },
  });
  return {
    scale: 1,
    nested: { variants: ['graphql', 'raw', 'bypass'].map(variant) },
    roundRatios: { graphqlRaw: [0.9], rlsBypass: [0.9], textRaw: [1] },
    ratioGraphqlRaw: 0.9,
    ratioRlsBypass: 0.9,
    nestedRps: 900,
    lists: [],
    info,
    p95List: 10,
    worstAccountRatio: { value: 1.2 },
    cores: 2,
  } as unknown as Findings;
}

/** The notes of a run whose payments lines are these p95s, beside the unpaid view's totals. */
const notesWithPayments = (accountant: number, manager: number) =>
  explainNotes(
    run([
      line('unpaid-total-accountant', 'accountant', 1.2),
      line('unpaid-total-manager', 'manager', 4.0),
      line(paymentsKey('accountant'), 'accountant', accountant),
      line(paymentsKey('manager'), 'manager', manager),
    ]),
  );

describe('the payments note compares the payments lines', () => {
  it('says nothing when the manager is within 2x of the accountant on payments', () => {
    const notes = notesWithPayments(7.2, 10.1);
    expect(notes.filter((note) => note.includes('Payments list'))).toEqual([]);
  });

  it('names the payments figures when the manager is over 2x', () => {
    const notes = notesWithPayments(5.0, 13.4);
    expect(notes.join('\n')).toContain('Payments list query: p95 13 ms as manager, 2.68x');
  });
});
