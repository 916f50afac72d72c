// The banking lists' filters: kept in the URL and made into the GraphQL filter of an account's
// statement lines (docs/reconciliation.md).
import { describe, expect, it } from 'vitest';
import {
  readTableState,
  tableLink,
  writeTableState,
} from '../src/components/DataTable/table-state.ts';
import {
  BANK_LINES_TABLE,
  bankLineFilter,
  RECONCILIATION_TABLE,
  reconciliationPeriod,
  type BankLineFilters,
} from '../src/features/banking/banking-filters.ts';

const ACCOUNT = '0b5e3f0a-1c2d-4e5f-8a9b-0c1d2e3f4a5b';
const none: BankLineFilters = { account: '', view: '', search: '' };
const read = (query: string) => readTableState(new URLSearchParams(query), BANK_LINES_TABLE);

describe('banking filters', () => {
  it('the account, view, search, sort and page survive a round trip through the URL', () => {
    const query = `account=${ACCOUNT}&view=matched&search=Acme+fee&sort=AMOUNT.desc&page=3`;
    const state = read(query);
    expect(state.filters).toEqual({ account: ACCOUNT, view: 'matched', search: 'Acme fee' });
    expect(state.sort).toEqual({ key: 'AMOUNT', direction: 'DESC' });
    expect(writeTableState(state, BANK_LINES_TABLE).toString()).toBe(query);
  });

  it('the queue by value date is the default: a plain list has a plain URL', () => {
    const state = read('');
    expect(state.filters).toEqual(none);
    expect(state.sort).toEqual({ key: 'VALUE_DATE', direction: 'ASC' });
    expect(writeTableState(state, BANK_LINES_TABLE).toString()).toBe('');
  });

  it('a value the URL cannot hold falls back to the default (no archived state on bank lines)', () => {
    const state = read('account=not-a-uuid&view=deleted&archived=only&sort=REMITTANCE.asc');
    expect(state.filters).toEqual(none);
    expect(state.sort).toEqual({ key: 'VALUE_DATE', direction: 'ASC' });
    expect(Object.keys(BANK_LINES_TABLE.filters)).not.toContain('archived');
  });

  it('the queue is the lines still to match, and every filter is on the chosen account', () => {
    expect(bankLineFilter(ACCOUNT, none)).toEqual({
      and: [
        { bankAccountId: { equalTo: ACCOUNT } },
        { status: { in: ['unmatched', 'partly_matched'] } },
      ],
    });
    expect(bankLineFilter(ACCOUNT, { ...none, view: 'queue' })).toEqual(
      bankLineFilter(ACCOUNT, none),
    );
  });

  it('each view lists its statuses; all lists every status', () => {
    const statuses = (view: BankLineFilters['view']) =>
      bankLineFilter(ACCOUNT, { ...none, view }).and?.slice(1);
    expect(statuses('matched')).toEqual([{ status: { in: ['matched'] } }]);
    expect(statuses('ignored')).toEqual([{ status: { in: ['ignored'] } }]);
    expect(statuses('all')).toEqual([]);
  });

  it('the search finds the counterparty, the remittance or the bank reference, trimmed', () => {
    expect(bankLineFilter(ACCOUNT, { ...none, view: 'all', search: '  INV-7 ' }).and).toEqual([
      { bankAccountId: { equalTo: ACCOUNT } },
      {
        or: [
          { counterpartyName: { includesInsensitive: 'INV-7' } },
          { remittance: { includesInsensitive: 'INV-7' } },
          { bankReference: { includesInsensitive: 'INV-7' } },
        ],
      },
    ]);
  });

  it('the two banking screens link to each other by the account alone', () => {
    expect(tableLink('/banking/reconciliation', RECONCILIATION_TABLE, { account: ACCOUNT })).toBe(
      `/banking/reconciliation?account=${ACCOUNT}`,
    );
    expect(tableLink('/banking', BANK_LINES_TABLE, { account: '' })).toBe('/banking');
  });

  it('the reconciled period is the dates chosen, else the current month', () => {
    const today = new Date(2026, 10, 25);
    expect(reconciliationPeriod({ account: '', from: null, to: null }, today)).toMatchObject({
      fromDate: '2026-11-01',
      toDate: '2026-11-30',
    });
    const state = readTableState(
      new URLSearchParams('from=2026-10-02&to=2026-10-20'),
      RECONCILIATION_TABLE,
    );
    expect(reconciliationPeriod(state.filters, today)).toMatchObject({
      fromDate: '2026-10-02',
      toDate: '2026-10-20',
    });
  });
});
