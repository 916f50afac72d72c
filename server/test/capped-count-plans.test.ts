// A capped count is planned for its values at every run (server/src/graphql/pg-client.ts): a plan
// kept for any values cannot see a range filter's, and a count stopping at its 1,001st row may
// then read a whole table first. Its statement is marked and sent unnamed; every other statement
// stays a prepared statement, its plan kept.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withPgClientOn } from '../src/graphql/pg-client.ts';
import {
  CAPPED_COUNT_MARK,
  COUNT_CAP,
  isCappedCount,
} from '../src/graphql/plugins/capped-count.ts';
import { createTestApp, gql, login, type TestApp } from './helpers.ts';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp({ graphqlExplain: true });
  admin = (await login(t.app, 'admin')).accessToken;
});

interface ExplainedOperation {
  type: string;
  query?: string;
}

describe('the statements of a list with its capped count', () => {
  it.each([
    ['allPayments', '{ paymentDate: { greaterThanOrEqualTo: "2000-01-01T00:00:00Z" } }'],
    ['allInvoices', '{ invoiceDate: { greaterThanOrEqualTo: "2000-01-01" } }'],
    ['allCosts', '{}'],
  ])('%s: the count carries the capped-count mark, the rows do not', async (list, filter) => {
    const result = await gql(
      t.app,
      `{ ${list}(first: 5, filter: ${filter}) { cappedCount nodes { id } } }`,
      {},
      admin,
    );
    expect(result.errors).toBeUndefined();
    const explain = (result as { extensions?: { explain?: { operations: ExplainedOperation[] } } })
      .extensions?.explain;
    const statements = explain!.operations
      .filter((operation) => operation.type === 'sql')
      .map((operation) => operation.query!);
    const counts = statements.filter((text) => text.includes(`limit ${COUNT_CAP + 1}`));
    const rows = statements.filter((text) => !text.includes(`limit ${COUNT_CAP + 1}`));
    expect(counts).toHaveLength(1);
    expect(rows.length).toBeGreaterThan(0);
    expect(counts.every(isCappedCount)).toBe(true);
    expect(rows.some(isCappedCount)).toBe(false);
  });
});

describe("the API's connection", () => {
  let pool: pg.Pool;
  beforeAll(() => {
    pool = new pg.Pool({ connectionString: t.db.authenticatorUrl, max: 1 });
  });
  afterAll(() => pool.end());

  it.each([
    ['without settings', {}],
    ['in a transaction with settings', { statement_timeout: '5s' }],
  ])(
    'sends a capped count unnamed (never kept as a prepared statement), any other statement prepared, %s',
    async (_, settings) => {
      const withPgClient = withPgClientOn(pool);
      const prepared = await withPgClient(settings, async (client) => {
        for (let run = 0; run < 6; run++) {
          await client.query({ name: 'rows-statement', text: 'select 1 as one' });
          await client.query({
            name: 'count-statement',
            text: `select 1 as one where true ${CAPPED_COUNT_MARK}`,
          });
        }
        const { rows } = await client.query<{ name: string }>({
          text: 'select name from pg_prepared_statements order by name',
        });
        return rows.map((row) => row.name);
      });
      expect(prepared).toContain('rows-statement');
      expect(prepared).not.toContain('count-statement');
    },
  );
});
