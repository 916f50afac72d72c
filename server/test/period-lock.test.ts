// The period lock (docs/permissions.md): an admin closes a subsidiary's books through a date;
// nothing dated on or before it is created, changed, archived, deleted or paid (invoices by invoice
// date, costs and bills by period, payments by payment date), refused with PeriodLocked naming the
// subsidiary and the date. Reopening is admin-only and logged. Nothing the lock refuses is offered.
import { beforeAll, describe, expect, it } from 'vitest';
import { asUser, createTestApp, gql, login, type TestApp } from './helpers.ts';
import { invoiceWithCosts, refusalOf } from './controls-fixtures.ts';

let t: TestApp;
let nl: string;
const LOCK = '2026-06-30';
beforeAll(async () => {
  t = await createTestApp();
  nl = (
    await t.db.owner.query(
      `select id from app_public.subsidiaries where short_name = 'Northwind NL'`,
    )
  ).rows[0].id;
  await t.db.owner.query('update app_public.subsidiaries set lock_date = $2 where id = $1', [
    nl,
    LOCK,
  ]);
});

async function refusalAs(user: string, sql: string, params: unknown[]) {
  return asUser(t.db, user, (client) => client.query(sql, params).then(() => undefined, refusalOf));
}

describe('nothing dated on or before the lock date changes', () => {
  it('an invoice dated in the locked period: not edited, archived, deleted, paid; nothing offered', async () => {
    const { invoice } = await invoiceWithCosts(t.db, {
      creator: 'admin',
      status: 'open',
      invoiceDate: '2026-06-15',
      costs: [{ amount: '10.00', status: 'approved' }],
    });
    for (const sql of [
      `update app_public.invoices set invoice_ref = 'changed' where id = $1`,
      'select app_public.set_invoice_deleted($1, true)',
      'select app_public.delete_invoice($1)',
      'select app_public.validate_invoice($1)',
      `select app_public.create_invoice_payment($1, 1, 'EUR', now(), 'transaction')`,
    ]) {
      const refusal = await refusalAs('accountant', sql, [invoice]);
      expect(refusal?.code, sql).toBe('PeriodLocked');
      expect(refusal?.message).toContain(`The books of Northwind NL are closed through ${LOCK}`);
      expect(refusal?.details).toMatchObject({ subsidiary: 'Northwind NL', date: LOCK });
    }
    const actions = await asUser(
      t.db,
      'admin',
      async (client) =>
        (
          await client.query(
            'select app_public.invoices_available_actions(i) as a from app_public.invoices i where id = $1',
            [invoice],
          )
        ).rows[0].a,
    );
    expect(actions).toEqual([]);
    const locked = (
      await t.db.owner.query(
        'select app_public.invoices_locked_through(i)::text as d from app_public.invoices i where id = $1',
        [invoice],
      )
    ).rows[0].d;
    expect(locked).toBe(LOCK);
  });

  it('an invoice cannot be created, nor moved, into the locked period; the day after is open', async () => {
    const { rows } = await t.db.owner.query('select id from app_public.suppliers limit 1');
    const insert = `insert into app_public.invoices (type, invoice_ref, invoice_date, currency, subsidiary_id, supplier_id)
                    values ('regular', 'LOCK-NEW', $1, 'EUR', $2, $3)`;
    expect((await refusalAs('accountant', insert, [LOCK, nl, rows[0].id]))?.code).toBe(
      'PeriodLocked',
    );
    expect(await refusalAs('accountant', insert, ['2026-07-01', nl, rows[0].id])).toBeUndefined();
    const { invoice } = await invoiceWithCosts(t.db, {
      creator: 'admin',
      invoiceDate: '2026-07-10',
      costs: [],
    });
    const moved = await refusalAs(
      'accountant',
      `update app_public.invoices set invoice_date = '2026-06-01' where id = $1`,
      [invoice],
    );
    expect(moved?.code).toBe('PeriodLocked');
  });

  it('costs and bills by period; payments by payment date', async () => {
    const open = await invoiceWithCosts(t.db, {
      creator: 'admin',
      status: 'open',
      invoiceDate: '2026-07-10',
      costs: [{ amount: '50.00', status: 'approved' }],
    });
    // A cost of the open invoice booked to June: refused.
    const cost = await refusalAs(
      'accountant',
      `insert into app_public.costs (name, amount, vat, invoice_id, period, year) values ('june', 1, 20, $1, 6, 2026)`,
      [open.invoice],
    );
    expect(cost?.code).toBe('PeriodLocked');
    // A payment dated in the locked period on an open invoice: refused; dated after: accepted.
    const june = await refusalAs(
      'accountant',
      `select app_public.create_invoice_payment($1, 1, 'EUR', '2026-06-20', 'transaction')`,
      [open.invoice],
    );
    expect(june?.code).toBe('PeriodLocked');
    expect(june?.message).toContain('payment of 1.00 EUR');
    expect(
      await refusalAs(
        'accountant',
        `select app_public.create_invoice_payment($1, 1, 'EUR', '2026-07-20', 'transaction')`,
        [open.invoice],
      ),
    ).toBeUndefined();
    const { rows } = await t.db.owner.query(
      `select id from app_public.bills where subsidiary_id = $1 and status = 'open' and make_date(year, period, 1) <= $2 limit 1`,
      [nl, LOCK],
    );
    const bill = await refusalAs(
      'accountant',
      `update app_public.bills set description = 'x' where id = $1`,
      [rows[0].id],
    );
    expect(bill?.code).toBe('PeriodLocked');
  });

  it('an invoice dated after the lock with a cost booked to a closed month offers nothing the lock refuses', async () => {
    const { invoice, costs } = await invoiceWithCosts(t.db, {
      creator: 'admin',
      status: 'open',
      invoiceDate: '2026-07-03',
      costs: [{ amount: '10.00', status: 'approved' }],
    });
    await t.db.owner.query('update app_public.costs set period = 6 where id = $1', [costs[0]]);
    const actions = await asUser(
      t.db,
      'admin',
      async (client) =>
        (
          await client.query(
            'select app_public.invoices_available_actions(i) as a from app_public.invoices i where id = $1',
            [invoice],
          )
        ).rows[0].a,
    );
    expect(actions).toEqual([]);
    const refusal = await refusalAs('admin', 'select app_public.set_invoice_deleted($1, true)', [
      invoice,
    ]);
    expect(refusal?.code).toBe('PeriodLocked');
    expect(refusal?.details).toMatchObject({ record: `cost #${costs[0]} control` });
  });

  it('a cost of an invoice dated in the locked period, and a bill with a cost booked to a closed month, offer nothing', async () => {
    const actionsOf = (table: string, id: number | undefined) =>
      asUser(
        t.db,
        'admin',
        async (client) =>
          (
            await client.query(
              `select app_public.${table}_available_actions(r) as a from app_public.${table} r where id = $1`,
              [id],
            )
          ).rows[0].a as string[],
      );
    // A cost booked to July: open on an invoice of July, locked by its invoice of June.
    const july = await invoiceWithCosts(t.db, {
      creator: 'accountant',
      status: 'open',
      invoiceDate: '2026-07-03',
      costs: [{ amount: '10.00' }],
    });
    expect(await actionsOf('costs', july.costs[0])).toContain('approve');
    const june = await invoiceWithCosts(t.db, {
      creator: 'accountant',
      status: 'open',
      invoiceDate: '2026-06-15',
      costs: [{ amount: '10.00' }],
    });
    await t.db.owner.query('update app_public.costs set period = 7 where id = $1', [june.costs[0]]);
    expect(await actionsOf('costs', june.costs[0])).toEqual([]);
    // A bill of July: open until a cost booked to June is billed on it.
    const { rows } = await t.db.owner.query(
      `select id from app_public.bills where subsidiary_id = $1 and status = 'open' and not is_deleted
          and make_date(year, period, 1) > $2 limit 1`,
      [nl, LOCK],
    );
    const bill = rows[0].id as number;
    expect(await actionsOf('bills', bill)).toContain('edit');
    await t.db.owner.query('update app_public.costs set period = 6, bill_id = $2 where id = $1', [
      july.costs[0],
      bill,
    ]);
    expect(await actionsOf('bills', bill)).toEqual([]);
  });

  it('a payment dated in the locked period cannot be deleted', async () => {
    const { invoice } = await invoiceWithCosts(t.db, {
      creator: 'admin',
      status: 'open',
      invoiceDate: '2026-07-10',
      costs: [{ amount: '50.00', status: 'approved' }],
    });
    const { rows } = await t.db.owner.query(
      `with p as (insert into app_public.payments (amount, currency, payment_date, payment_method) values (5, 'EUR', '2026-06-29', 'cash') returning id),
            l as (insert into app_public.invoices_payments (invoice_id, payment_id) select $1, id from p returning payment_id)
       select payment_id from l`,
      [invoice],
    );
    const refusal = await refusalAs('accountant', 'select app_public.delete_payment($1)', [
      rows[0].payment_id,
    ]);
    expect(refusal?.code).toBe('PeriodLocked');
  });
});

describe('closing and reopening a period', () => {
  it('only an admin moves the lock date; each move is logged; the API says PeriodLocked with the subsidiary and date', async () => {
    const refused = await refusalAs(
      'accountant',
      'select app_public.set_subsidiary_controls($1, 10000, null)',
      [nl],
    );
    expect(refused?.code).toBe('Forbidden');
    const { invoice } = await invoiceWithCosts(t.db, {
      creator: 'admin',
      status: 'open',
      invoiceDate: '2026-06-15',
      costs: [{ amount: '1.00', status: 'approved' }],
    });
    const admin = await login(t.app, 'admin');
    const archive = `mutation($id: Int!) { setInvoiceDeleted(input: { invoiceId: $id, isDeleted: true }) { result { id } } }`;
    const locked = await gql(t.app, archive, { id: invoice }, admin.accessToken);
    expect(locked.errors?.[0]?.extensions, JSON.stringify(locked.errors)).toMatchObject({
      code: 'PeriodLocked',
      subsidiary: 'Northwind NL',
      date: LOCK,
    });

    const reopen = `mutation($id: UUID!) { setSubsidiaryControls(input: { subsidiaryId: $id, approvalLimitUsd: "10000", lockDate: null }) { result { lockDate } } }`;
    const reopened = await gql(t.app, reopen, { id: nl }, admin.accessToken);
    expect(reopened.errors).toBeUndefined();
    expect(await gql(t.app, archive, { id: invoice }, admin.accessToken)).not.toHaveProperty(
      'errors',
    );
    const { rows } = await t.db.owner.query(
      `select old_value, new_value, (select username from app_public.users where id = user_id) as who
         from app_public.subsidiary_control_changes where subsidiary_id = $1 and control = 'lock_date' order by id desc limit 1`,
      [nl],
    );
    expect(rows[0]).toEqual({ old_value: LOCK, new_value: null, who: 'admin' });
  });

  it('the demo locks an old period of Northwind RU', async () => {
    const { rows } = await t.db.owner.query(
      `select lock_date < current_date - 365 as old from app_public.subsidiaries where short_name = 'Northwind RU'`,
    );
    expect(rows[0].old).toBe(true);
  });
});
