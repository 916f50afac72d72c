// DESIGN §8a, the integrity rules every change keeps: derived figures equal what they derive from
// after any interleaving; every reference a user sets points at a row they may see (and write,
// where the write changes it); a file id is not a key; a closed invoice's money does not change.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from './helpers.ts';

let db: TestDatabase;
let pool: pg.Pool;

interface Outcome {
  ok: boolean;
  /** Our stable code (the hint of an LL001 error) or the SQLSTATE of another error. */
  code?: string;
  rows: Record<string, any>[];
}

const who = new Map<string, { userId: string; accountId: string }>();

async function claimsOf(username: string) {
  if (!who.has(username)) {
    const { rows } = await db.owner.query(
      `select u.id as user_id, d.account_id from app_public.users u
         join app_public.default_accounts d on d.user_id = u.id where u.username = $1`,
      [username],
    );
    who.set(username, { userId: rows[0].user_id, accountId: rows[0].account_id });
  }
  return who.get(username)!;
}

/** One committed transaction as the user, the way a GraphQL request runs it. */
async function run(username: string, sql: string, params: unknown[] = []): Promise<Outcome> {
  const { userId, accountId } = await claimsOf(username);
  const client = await pool.connect();
  try {
    await client.query('begin');
    await client.query(
      `select set_config('jwt.claims.user_id', $1, true), set_config('jwt.claims.account_id', $2, true)`,
      [userId, accountId],
    );
    await client.query('set local role ledgerline_visitor');
    const { rows } = await client.query(sql, params);
    await client.query('commit');
    return { ok: true, rows };
  } catch (error) {
    await client.query('rollback').catch(() => {});
    const e = error as { code?: string; hint?: string };
    return { ok: false, code: e.code === 'LL001' ? e.hint : e.code, rows: [] };
  } finally {
    client.release();
  }
}

async function owner<T = any>(sql: string, params: unknown[] = []): Promise<T[]> {
  return (await db.owner.query(sql, params)).rows as T[];
}

beforeAll(async () => {
  db = await createTestDatabase();
  pool = new pg.Pool({ connectionString: db.ownerUrl, max: 8 });
});
afterAll(async () => {
  await pool.end();
});

/**
 * Every derived figure recomputed from scratch and compared with what is stored: invoice amounts,
 * USD amounts, costs status and payment summary; cost amounts with VAT and in USD, subsidiary and
 * currency; bill costs status and payment summary. Returns one line per mismatch.
 */
const MISMATCHES = `
with invoice_costs as (
  select i.id, coalesce(sum(c.amount), 0) amount, coalesce(sum(c.amount_w_vat), 0) w_vat,
         coalesce(sum(c.amount_usd), 0) usd, coalesce(sum(c.amount_usd_w_vat), 0) usd_w_vat,
         app_hidden.costs_status_of(coalesce(array_agg(c.status) filter (where c.id is not null), '{}')) costs_status
    from app_public.invoices i
    left join app_public.costs c on c.invoice_id = i.id and (not c.is_deleted or i.is_deleted)
   group by i.id),
invoice_paid as (
  select i.id, coalesce(sum(p.amount), 0) paid, max(p.payment_date) last_date
    from app_public.invoices i
    left join app_public.invoices_payments ip on ip.invoice_id = i.id
    left join app_public.payments p on p.id = ip.payment_id
   group by i.id),
bill_paid as (
  select b.id, coalesce(sum(p.amount), 0) paid, max(p.payment_date) last_date
    from app_public.bills b
    left join app_public.bills_payments bp on bp.bill_id = b.id
    left join app_public.payments p on p.id = bp.payment_id
   group by b.id),
bill_costs as (
  select b.id, app_hidden.costs_status_of(coalesce(array_agg(c.status) filter (where c.id is not null), '{}')) costs_status
    from app_public.bills b left join app_public.costs c on c.bill_id = b.id and not c.is_deleted
   group by b.id)
select 'invoice ' || i.id || ' totals' as mismatch
  from app_public.invoices i join invoice_costs t using (id)
 where (i.amount, i.amount_w_vat, i.amount_usd, i.amount_usd_w_vat, i.costs_status)
       is distinct from (t.amount, t.w_vat, t.usd, t.usd_w_vat, t.costs_status)
union all
select 'invoice ' || i.id || ' payments'
  from app_public.invoices i join invoice_paid p using (id)
 where (i.paid_amount, i.last_payment_date, i.is_paid, i.payment_status::text) is distinct from
       (p.paid, p.last_date, p.paid > 0 and p.paid >= i.amount_w_vat,
        case when p.paid = 0 then 'unpaid' when p.paid >= i.amount_w_vat then 'paid' else 'partially_paid' end)
    or i.amount_w_vat - p.paid < 0
union all
select 'cost ' || c.id || ' amounts'
  from app_public.costs c join app_public.invoices i on i.id = c.invoice_id
 where (c.amount_w_vat, c.amount_usd, c.amount_usd_w_vat, c.subsidiary_id, c.currency) is distinct from
       (round(c.amount * (1 + c.vat / 100), 2), round(c.amount * app_hidden.usd_rate(i.currency, i.invoice_date), 2),
        round(round(c.amount * (1 + c.vat / 100), 2) * app_hidden.usd_rate(i.currency, i.invoice_date), 2),
        i.subsidiary_id, i.currency)
union all
select 'bill ' || b.id || ' costs status'
  from app_public.bills b join bill_costs t using (id) where b.costs_status is distinct from t.costs_status
union all
select 'bill ' || b.id || ' payments'
  from app_public.bills b join bill_paid p using (id)
 where (b.paid_amount, b.last_payment_date, b.is_paid, b.payment_status::text) is distinct from
       (p.paid, p.last_date, p.paid > 0 and p.paid >= b.amount_w_vat,
        case when p.paid = 0 then 'unpaid' when p.paid >= b.amount_w_vat then 'paid' else 'partially_paid' end)
    or b.amount_w_vat - p.paid < 0`;

async function nlIds() {
  const [ids] = await owner(`select s.id as subsidiary,
      (select id from app_public.suppliers order by legal_name limit 1) as supplier,
      (select id from app_public.clients order by legal_name limit 1) as client,
      (select id from app_public.projects where access_key = 'ops.platform') as project
    from app_public.subsidiaries s where s.short_name = 'Northwind NL'`);
  return ids as { subsidiary: string; supplier: string; client: string; project: string };
}

async function createInvoice(ref: string) {
  const ids = await nlIds();
  const created = await run(
    'accountant',
    `insert into app_public.invoices (invoice_ref, invoice_date, currency, subsidiary_id, supplier_id)
     values ($1, '2026-10-15', 'EUR', $2, $3) returning id`,
    [ref, ids.subsidiary, ids.supplier],
  );
  expect(created.ok, created.code).toBe(true);
  return created.rows[0]!.id as number;
}

async function addCost(invoiceId: number, amount: string, username = 'accountant') {
  const ids = await nlIds();
  return run(
    username,
    `insert into app_public.costs (name, amount, vat, invoice_id, project_id, period, year, to_bill)
     values ('Work', $1, 20, $2, $3, 10, 2026, true) returning id`,
    [amount, invoiceId, ids.project],
  );
}

describe('derived figures under concurrency (DESIGN §8a)', () => {
  it('the seeded data already holds every derived figure', async () => {
    expect(await owner(MISMATCHES)).toEqual([]);
  });

  it('concurrent writers on one invoice and one bill never leave a figure wrong (100 rounds)', async () => {
    const ids = await nlIds();
    const invoiceId = await createInvoice('CONC-1');
    for (let i = 0; i < 4; i++) expect((await addCost(invoiceId, '100.00')).ok).toBe(true);
    const bill = await run(
      'accountant',
      `select id from app_public.create_bill_with_costs('Concurrent', $1, $2, '2026-10-20', 10, 2026, 'EUR', 20, 5000)`,
      [ids.client, ids.subsidiary],
    );
    expect(bill.ok, bill.code).toBe(true);
    const billId = bill.rows[0]!.id as number;

    const costs = async () =>
      (
        await owner<{ id: number; status: string }>(
          'select id, status from app_public.costs where invoice_id = $1 order by id',
          [invoiceId],
        )
      ).map((row) => row.id);
    const payments = async (table: string, column: string, id: number) =>
      (await owner(`select payment_id from app_public.${table} where ${column} = $1`, [id])).map(
        (row) => row.payment_id as string,
      );
    const pick = <T>(items: T[], n: number) => items[n % Math.max(items.length, 1)];

    const refusals = new Map<string, number>();
    let committed = 0;
    for (let round = 0; round < 100; round++) {
      const costIds = await costs();
      const invoicePayments = await payments('invoices_payments', 'invoice_id', invoiceId);
      const billPayments = await payments('bills_payments', 'bill_id', billId);
      const writers: Promise<Outcome>[] = [
        addCost(invoiceId, `${10 + (round % 7)}.${String(round % 100).padStart(2, '0')}`),
        addCost(invoiceId, '3.33'),
        run('accountant', `select app_public.delete_cost($1)`, [pick(costIds, round)]),
        run('accountant', `select app_public.update_costs(array[$1]::integer[], $2)`, [
          pick(costIds, round + 1),
          { amount: `${20 + (round % 5)}.07`, vat: round % 2 ? '20' : '21' },
        ]),
        run(
          'accountant',
          `select app_public.create_invoice_payment($1, $2, 'EUR', now(), 'transaction')`,
          [invoiceId, round % 3 ? '1.01' : '25.00'],
        ),
        run('accountant', `select app_public.delete_payment($1)`, [
          pick(invoicePayments, round) ?? '00000000-0000-0000-0000-000000000000',
        ]),
        run('accountant', `update app_public.costs set bill_id = $1 where id = $2`, [
          round % 2 ? billId : null,
          pick(costIds, round + 2),
        ]),
        run('accountant', `select app_public.create_bill_payment($1, $2, 'EUR', now(), 'cash')`, [
          billId,
          '7.77',
        ]),
        run('accountant', `select app_public.delete_payment($1)`, [
          pick(billPayments, round + 1) ?? '00000000-0000-0000-0000-000000000000',
        ]),
      ];
      if (round % 10 === 5) {
        writers.push(
          run('accountant', `select app_public.set_invoice_deleted($1, $2)`, [
            invoiceId,
            round % 20 === 5,
          ]),
        );
      }
      for (const outcome of await Promise.all(writers)) {
        if (outcome.ok) committed++;
        else refusals.set(outcome.code!, (refusals.get(outcome.code!) ?? 0) + 1);
      }
      expect(await owner(MISMATCHES), `round ${round}`).toEqual([]);
    }
    // Refusals are the rules' (a payment above what remains, deleting a payment that is gone…),
    // each with its code; most writes went through.
    for (const code of refusals.keys()) {
      expect([
        'PaymentExceedsRemaining',
        'PaymentNotFound',
        'CostNotFound',
        'PaymentsExceedAmount',
        '23514', // the paid-not-above-amount check, when a cost removal races a payment
        '40P01', // a deadlock PostgreSQL broke by refusing one of the two
      ]).toContain(code);
    }
    expect(committed).toBeGreaterThan(500);
  }, 60_000);
});
