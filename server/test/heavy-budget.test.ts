// Heavy operations (docs/operations.md "Heavy operations"): a server-wide budget, a bounded queue
// with a deadline and a coded refusal, accounts taking turns, and light requests never waiting.
import { parse } from 'postgraphile/graphql';
import fs from 'node:fs';
import { buildSchema } from 'postgraphile/graphql';
import { beforeAll, describe, expect, it } from 'vitest';
import { HeavyBudget } from '../src/graphql/heavy-budget.ts';
import { cachedQueryCost, isHeavy } from '../src/graphql/plugins/query-cost.ts';
import { trustedDocuments } from '../src/graphql/trusted-documents.ts';
import { createTestApp, login, type TestApp } from './helpers.ts';
import { NESTED_QUERY } from '../../bench/lib/queries.ts';

/** A promise and the function that settles it. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

const refuse = (error: { extensions: Record<string, unknown> }) =>
  `refused:${String(error.extensions.code)}:${String(error.extensions.reason)}`;

describe('the heavy budget', () => {
  it('a heavy operation that finds the queue full is refused with ServerBusy at once', async () => {
    const budget = new HeavyBudget({ slots: 1, perAccount: 1, queueSize: 1, waitMs: 10_000 });
    const held = gate();
    const running = budget.run('a', () => held.opened.then(() => 'a'), refuse);
    const waiting = budget.run('b', () => 'b', refuse);
    expect(budget.state).toEqual({ running: 1, queued: 1 });
    expect(await budget.run('c', () => 'c', refuse)).toBe('refused:ServerBusy:queueFull');
    held.open();
    expect(await running).toBe('a');
    expect(await waiting).toBe('b');
    expect(budget.state).toEqual({ running: 0, queued: 0 });
  });

  it('a heavy operation that waits past its deadline is refused with ServerBusy', async () => {
    const budget = new HeavyBudget({ slots: 1, perAccount: 1, queueSize: 4, waitMs: 50 });
    const held = gate();
    const running = budget.run('a', () => held.opened, refuse);
    let ran = false;
    const result = await budget.run('b', () => (ran = true), refuse);
    expect(result).toBe('refused:ServerBusy:deadline');
    expect(ran).toBe(false);
    expect(budget.state).toEqual({ running: 1, queued: 0 });
    held.open();
    await running;
  });

  it('when the server closes, waiting operations are refused without running; running ones finish', async () => {
    const budget = new HeavyBudget({ slots: 1, perAccount: 1, queueSize: 4, waitMs: 10_000 });
    const held = gate();
    const running = budget.run('a', () => held.opened.then(() => 'a'), refuse);
    let ran = false;
    const waiting = budget.run('b', () => (ran = true), refuse);
    budget.close();
    expect(await waiting).toBe('refused:ServerBusy:closing');
    expect(await budget.run('c', () => 'c', refuse)).toBe('refused:ServerBusy:closing');
    expect(budget.state).toEqual({ running: 1, queued: 0 });
    held.open();
    expect(await running).toBe('a');
    expect(ran).toBe(false);
  });

  it('accounts take turns: a waiting account runs before the busy account runs again', async () => {
    const budget = new HeavyBudget({ slots: 1, perAccount: 1, queueSize: 10, waitMs: 10_000 });
    const order: string[] = [];
    const held = gate();
    const first = budget.run('a', () => held.opened.then(() => order.push('a1')), refuse);
    const rest = [
      budget.run('a', () => order.push('a2'), refuse),
      budget.run('a', () => order.push('a3'), refuse),
      budget.run('b', () => order.push('b1'), refuse),
      budget.run('c', () => order.push('c1'), refuse),
      budget.run('b', () => order.push('b2'), refuse),
    ];
    held.open();
    await Promise.all([first, ...rest]);
    expect(order).toEqual(['a1', 'a2', 'b1', 'c1', 'a3', 'b2']);
  });

  it('one account cannot hold every slot: another account starts at once', async () => {
    const budget = new HeavyBudget({ slots: 2, perAccount: 2, queueSize: 10, waitMs: 10_000 });
    expect(budget.options.perAccount).toBe(1);
    const held = gate();
    const a1 = budget.run('a', () => held.opened, refuse);
    let a2Started = false;
    const a2 = budget.run('a', () => (a2Started = true), refuse);
    expect(a2Started).toBe(false);
    // The second slot is left to others: account b does not wait.
    expect(await budget.run('b', () => 'b', refuse)).toBe('b');
    expect(a2Started).toBe(false);
    held.open();
    await Promise.all([a1, a2]);
    expect(a2Started).toBe(true);
  });
});

describe('heavy operations in the server', () => {
  const budget = new HeavyBudget({ slots: 1, perAccount: 1, queueSize: 1, waitMs: 400 });
  /** Ten aliases of 500 audit rows: under the cost limit, but heavy. */
  const HEAVY = `query Heavy { ${Array.from(
    { length: 10 },
    (_, i) => `a${i}: allAuditTrails(first: 500, offset: ${i * 500}) { nodes { id rowData } }`,
  ).join(' ')} }`;
  const LIGHT = `query Light { allInvoices(first: 25, orderBy: [INVOICE_DATE_DESC]) {
    totalCount nodes { id invoiceRef invoiceDate amount currency status supplier { legalName } } } }`;
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const post = (query: string, account: string) =>
    t.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[account]}` },
      payload: { query },
    });

  beforeAll(async () => {
    t = await createTestApp({}, { heavyBudget: budget });
    for (const account of ['accountant', 'viewer', 'manager']) {
      tokens[account] = (await login(t.app, account)).accessToken;
    }
  });

  it('counts the web app’s exports, audit log and analytics at their largest pages as heavy', () => {
    const schema = buildSchema(
      fs.readFileSync(new URL('../../schema.graphql', import.meta.url), 'utf8'),
    );
    const byName = new Map(
      [...trustedDocuments().values()].map((text) => [/query (\w+)/.exec(text)?.[1], text]),
    );
    const cost = (name: string, variables: Record<string, unknown>) =>
      cachedQueryCost(schema, parse(byName.get(name)!), name, variables);
    for (const name of ['AllInvoices', 'AllBills', 'AllCosts', 'AuditLog']) {
      expect(isHeavy(cost(name, { first: 500, offset: 0 })), name).toBe(true);
      expect(isHeavy(cost(name, { first: 100, offset: 0 })), name).toBe(false);
    }
    expect(isHeavy(cost('AnalyticsReport', {}))).toBe(true);
    // A record's page is light: its lists without a page size count as everyday sizes.
    for (const name of ['InvoiceDetails', 'BillDetails', 'DocumentDetails', 'CurrentUser']) {
      expect(isHeavy(cost(name, { id: 1 })), name).toBe(false);
    }
    // The benchmark's nested list (50 invoices, 30 cost lines each) is light.
    expect(isHeavy(cachedQueryCost(schema, parse(NESTED_QUERY), undefined, {}))).toBe(false);
    expect(isHeavy(cachedQueryCost(schema, parse(HEAVY), 'Heavy'))).toBe(true);
    expect(isHeavy(cachedQueryCost(schema, parse(LIGHT), 'Light'))).toBe(false);
  });

  it('light requests never wait behind heavy ones; heavy ones wait, then are refused with 503', async () => {
    const held = gate();
    const holder = budget.run(
      'someone else',
      () => held.opened,
      () => undefined,
    );
    try {
      // Every heavy slot is taken: a light list still answers at once.
      const light = await post(LIGHT, 'accountant');
      expect(light.statusCode).toBe(200);
      expect(light.json().data.allInvoices.nodes.length).toBeGreaterThan(0);

      // A heavy request waits for its turn; another finds the queue (of one) full.
      const waiting = post(HEAVY, 'viewer');
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(budget.state.queued).toBe(1);
      const full = await post(HEAVY, 'manager');
      expect(full.statusCode).toBe(503);
      expect(full.headers['retry-after']).toBe('2');
      expect(full.json().errors[0].extensions).toMatchObject({
        code: 'ServerBusy',
        reason: 'queueFull',
      });
      const late = await waiting;
      expect(late.statusCode).toBe(503);
      expect(late.json().errors[0].extensions).toMatchObject({
        code: 'ServerBusy',
        reason: 'deadline',
      });
    } finally {
      held.open();
      await holder;
    }
    // With the slot free the same request runs.
    const heavy = await post(HEAVY, 'viewer');
    expect(heavy.statusCode).toBe(200);
    expect(heavy.json().errors).toBeUndefined();
    expect(budget.state).toEqual({ running: 0, queued: 0 });
  });
});
