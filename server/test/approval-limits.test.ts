// Approval limits (docs/permissions.md): above its subsidiary's limit in USD a cost is approved by
// two users; the second holds approve_cost_high (implied by admin:cost) and is not the first.
// Both approvers are recorded. Only an admin sets the limit, and every change is logged.
import { beforeAll, describe, expect, it } from 'vitest';
import { asUser, createTestDatabase, type TestDatabase } from './helpers.ts';
import { invoiceWithCosts, refusalOf } from './controls-fixtures.ts';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});

const COST = `select c.status, c.first_approved_by is not null as first, c.approved_by is not null as second,
                     app_public.costs_approvals_needed(c) as needed, app_public.costs_available_actions(c) as actions,
                     app_public.costs_first_approved_by_name(c) as first_name, app_public.costs_approved_by_name(c) as second_name,
                     (select status from app_public.invoices where id = c.invoice_id) as invoice
                from app_public.costs c where c.id = $1`;

describe('a cost above the limit needs two approvals by two users', () => {
  it('the first approval keeps it to approve; the same user cannot give the second; another with approve_cost_high can', async () => {
    // Northwind NL's demo limit is 10,000 USD: 20,000 EUR is above it, 100 EUR below.
    const { invoice, costs } = await invoiceWithCosts(db, {
      creator: 'manager',
      costs: [{ amount: '20000.00' }, { amount: '100.00' }],
    });
    const [high, low] = costs as [number, number];
    await asUser(db, 'accountant', async (client) => {
      expect((await client.query(COST, [low])).rows[0].needed).toBe(1);
      await client.query('select app_public.approve_cost($1)', [low]);
      expect((await client.query(COST, [low])).rows[0]).toMatchObject({
        status: 'approved',
        first: false,
        second: true,
      });

      const before = (await client.query(COST, [high])).rows[0];
      expect(before).toMatchObject({ status: 'to_approve', needed: 2 });
      expect(before.actions).toContain('approve');
      await client.query('select app_public.approve_cost($1)', [high]);
      const after = (await client.query(COST, [high])).rows[0];
      expect(after).toMatchObject({
        status: 'to_approve',
        first: true,
        second: false,
        first_name: 'Boris Smirnov',
        invoice: 'draft',
      });
      expect(after.actions).not.toContain('approve');
    });
    // Committed for the next step: the first approval as the accountant.
    await db.owner.query(
      `update app_public.costs set first_approved_by = (select id from app_public.users where username = 'accountant') where id = $1`,
      [high],
    );
    const refusal = await asUser(db, 'accountant', (client) =>
      client.query('select app_public.approve_cost($1)', [high]).then(() => undefined, refusalOf),
    );
    expect(refusal?.code).toBe('SecondApprovalRequired');
    expect(refusal?.message).toMatch(
      new RegExp(`cost #${high} control is above the approval limit`),
    );
    const second = await asUser(db, 'admin', async (client) => {
      expect((await client.query(COST, [high])).rows[0].actions).toContain('approve');
      await client.query('select app_public.approve_cost($1)', [high]);
      return (await client.query(COST, [high])).rows[0];
    });
    expect(second).toMatchObject({
      status: 'approved',
      first_name: 'Boris Smirnov',
      second_name: 'Anna Kovalenko',
      invoice: 'draft',
    });
    void invoice;
  });

  it('the second approval needs approve_cost_high: an approver without it is refused', async () => {
    const { costs } = await invoiceWithCosts(db, {
      creator: 'manager',
      costs: [{ amount: '20000.00' }],
    });
    await db.owner.query(
      `update app_public.costs set first_approved_by = (select id from app_public.users where username = 'admin') where id = $1`,
      [costs[0]],
    );
    const refusal = await asUser(db, 'accountant', (client) =>
      client
        .query('select app_public.approve_cost($1)', [costs[0]])
        .then(() => undefined, refusalOf),
    );
    expect(refusal?.code).toBe('SecondApprovalRequired');
  });

  it('changing the amount withdraws the first approval', async () => {
    const { costs } = await invoiceWithCosts(db, {
      creator: 'manager',
      costs: [{ amount: '20000.00' }],
    });
    const first = await asUser(db, 'accountant', async (client) => {
      await client.query('select app_public.approve_cost($1)', [costs[0]]);
      await client.query(`update app_public.costs set amount = 25000 where id = $1`, [costs[0]]);
      return (await client.query(COST, [costs[0]])).rows[0].first;
    });
    expect(first).toBe(false);
  });

  it('approve_cost_high is implied by admin:cost', async () => {
    const { rows } = await db.owner.query(
      `select app_hidden.scope_closure('{admin:cost}') as scopes`,
    );
    expect(rows[0].scopes).toContain('approve_cost_high');
  });

  it('the demo shows a cost waiting for its second approval', async () => {
    const { rows } = await db.owner.query(
      `select count(*) as n from app_public.costs c
        where c.first_approved_by is not null and c.status = 'to_approve' and app_public.costs_approvals_needed(c) = 2`,
    );
    expect(Number(rows[0].n)).toBeGreaterThan(0);
  });
});

describe('only an admin sets the limit, and every change is logged', () => {
  it('the accountant is refused; the admin sets it and the change is recorded with who and from what', async () => {
    const { rows } = await db.owner.query(
      `select id from app_public.subsidiaries where short_name = 'Northwind NL'`,
    );
    const nl = rows[0].id;
    const refusal = await asUser(db, 'accountant', (client) =>
      client
        .query('select app_public.set_subsidiary_controls($1, 5000, null)', [nl])
        .then(() => undefined, refusalOf),
    );
    expect(refusal?.code).toBe('Forbidden');
    const log = await asUser(db, 'admin', async (client) => {
      await client.query('select app_public.set_subsidiary_controls($1, 5000, null)', [nl]);
      return (
        await client.query(
          `select control, old_value, new_value, (select username from app_public.users where id = user_id) as who
             from app_public.subsidiary_control_changes where subsidiary_id = $1 and user_id is not null order by id`,
          [nl],
        )
      ).rows;
    });
    expect(log).toEqual([
      { control: 'approval_limit_usd', old_value: '10000.00', new_value: '5000.00', who: 'admin' },
    ]);
  });
});
