// The lifecycle cannot be bypassed (docs/workflows.md): generated from app_private.transitions,
// every action of invoices, costs and bills is tried from every state (live and archived) with
// costs in every mix of statuses. availableActions must offer exactly what the function then
// accepts, and no accepted action may leave an open, validated or paid invoice with a cost that is
// not approved (SPEC §4 "Open: all costs are approved").
import { beforeAll, describe, expect, it } from 'vitest';
import type pg from 'pg';
import { asUser, createTestDatabase, type TestDatabase } from './helpers.ts';

let db: TestDatabase;
let nl: string;
let supplier: string;
let admin: string;
let client: string;
beforeAll(async () => {
  db = await createTestDatabase();
  const { rows } = await db.owner.query(
    `select (select id from app_public.subsidiaries where short_name = 'Northwind NL') as nl,
            (select id from app_public.suppliers order by legal_name limit 1) as supplier,
            (select id from app_public.clients order by legal_name limit 1) as client,
            (select id from app_public.users where username = 'admin') as admin`,
  );
  ({ nl, supplier, admin, client } = rows[0]);
  // A file of the accountant's, to attach.
  await db.owner.query(
    `insert into app_public.files (name, content_type, size, sha256, uploaded_by)
     select 'walk.pdf', 'application/pdf', 1, repeat('a', 64), id from app_public.users where username = 'accountant'`,
  );
});

/** The actions of an entity in the transitions table, and the SQL that takes each. */
const CALLS: Record<string, Record<string, string>> = {
  invoice: {
    open: 'select app_public.open_invoice($1)',
    validate: 'select app_public.validate_invoice($1)',
    reject: `select app_public.reject_invoice($1, 'walk')`,
    reopen: 'select app_public.reopen_invoice($1)',
    reset_to_open: 'select app_public.reset_invoice_to_open($1)',
    close_as_paid: `select app_public.close_invoice_as_paid($1, 'transaction', now())`,
    archive: 'select app_public.set_invoice_deleted($1, true)',
    unarchive: 'select app_public.set_invoice_deleted($1, false)',
    delete: 'select app_public.delete_invoice($1)',
    force_delete: 'select app_public.delete_invoice($1, true)',
    duplicate: 'select app_public.duplicate_invoice($1)',
    add_payment: `select app_public.create_invoice_payment($1, 1, 'EUR', now(), 'transaction')`,
    delete_payment: `select app_public.delete_payment((select payment_id from app_public.invoices_payments where invoice_id = $1 limit 1))`,
    add_files: `select app_public.add_invoice_files($1, array[(select id from app_public.files where name = 'walk.pdf')])`,
    remove_files: `select app_public.remove_invoice_files($1, array[(select id from app_public.files where name = 'walk.pdf')])`,
  },
  cost: {
    approve: 'select app_public.approve_cost($1)',
    reject: `select app_public.reject_cost($1, 'walk')`,
    return_to_approval: 'select app_public.return_cost_to_approval($1)',
    delete: 'select app_public.delete_cost($1)',
    force_delete: 'select app_public.delete_cost($1, true)',
    add_files: `select app_public.add_cost_files($1, array[(select id from app_public.files where name = 'walk.pdf')])`,
    remove_files: `select app_public.remove_cost_files($1, array[(select id from app_public.files where name = 'walk.pdf')])`,
  },
  bill: {
    validate: 'select app_public.validate_bill($1)',
    close_as_paid: `select app_public.close_bill_as_paid($1, 'transaction', now())`,
    archive: 'select app_public.set_bill_deleted($1, true)',
    unarchive: 'select app_public.set_bill_deleted($1, false)',
    delete: 'select app_public.delete_bill($1)',
    force_delete: 'select app_public.delete_bill($1, true)',
    add_payment: `select app_public.create_bill_payment($1, 1, 'EUR', now(), 'transaction')`,
    delete_payment: `select app_public.delete_payment((select payment_id from app_public.bills_payments where bill_id = $1 limit 1))`,
    add_files: `select app_public.add_bill_files($1, array[(select id from app_public.files where name = 'walk.pdf')])`,
    remove_files: `select app_public.remove_bill_files($1, array[(select id from app_public.files where name = 'walk.pdf')])`,
  },
};

const COST_MIXES: string[][] = [
  [],
  ['approved'],
  ['to_approve'],
  ['rejected'],
  ['approved', 'to_approve'],
  ['approved', 'rejected'],
  ['to_approve', 'rejected'],
  ['approved', 'approved'],
];

async function tableActions(entity: string): Promise<string[]> {
  const { rows } = await db.owner.query<{ action: string }>(
    `select distinct action from app_private.transitions where entity = $1 and action <> 'edit' order by action`,
    [entity],
  );
  return rows.map((row) => row.action);
}

/** An invoice of Northwind NL created by admin, in a state, with costs of these statuses. */
async function makeInvoice(status: string, archived: boolean, costs: string[]): Promise<number> {
  const { rows } = await db.owner.query(
    `insert into app_public.invoices (type, invoice_ref, invoice_date, due_date, currency, status, reject_reason,
                                      subsidiary_id, supplier_id, created_by, is_deleted)
     values ('regular', 'WALK-' || gen_random_uuid(), current_date, current_date + 30, 'EUR', $1::app_public.invoice_status,
             case when $1 = 'rejected' then 'walk' end, $2, $3, $4, false) returning id`,
    [status, nl, supplier, admin],
  );
  const id = rows[0].id as number;
  for (const cost of costs) {
    await db.owner.query(
      `insert into app_public.costs (name, amount, vat, invoice_id, period, year, status, reject_reason, is_deleted, created_by)
       values ('walk', 100, 20, $1, extract(month from current_date), extract(year from current_date),
               $2::app_public.cost_status, case when $2 = 'rejected' then 'walk' end, $3, $4)`,
      [id, cost, false, admin],
    );
  }
  if (status !== 'paid' && costs.length > 0) {
    // One payment, so that deleting a payment can be tried.
    await db.owner.query(
      `with p as (insert into app_public.payments (amount, currency, payment_date, payment_method)
                  values (0.01, 'EUR', now(), 'transaction') returning id)
       insert into app_public.invoices_payments (invoice_id, payment_id) select $1, id from p`,
      [id],
    );
  }
  await attachWalkFile('invoices_files', 'invoice_id', id);
  if (archived) {
    // Archived as setInvoiceDeleted does: the invoice, then its costs.
    await db.owner.query('update app_public.invoices set is_deleted = true where id = $1', [id]);
    await db.owner.query('update app_public.costs set is_deleted = true where invoice_id = $1', [
      id,
    ]);
  }
  return id;
}

/** The accountant's file, attached to the record (so that removing a file can be tried). */
async function attachWalkFile(table: string, column: string, id: number): Promise<void> {
  await db.owner.query(
    `insert into app_public.${table} (${column}, file_id) select $1, id from app_public.files where name = 'walk.pdf'`,
    [id],
  );
}

interface Outcome {
  offered: boolean;
  accepted: boolean;
  code?: string;
}

/** As the accountant (not the creator): what is offered, then each action tried and rolled back. */
async function walk(
  table: string,
  entity: string,
  id: number,
  actions: string[],
  after?: (client: pg.PoolClient) => Promise<void>,
): Promise<Record<string, Outcome>> {
  return asUser(db, 'accountant', async (c) => {
    const { rows } = await c.query(
      `select app_public.${table}_available_actions(r) as actions from app_public.${table} r where id = $1`,
      [id],
    );
    const offered = new Set<string>(rows[0].actions);
    const outcomes: Record<string, Outcome> = {};
    for (const action of actions) {
      await c.query('savepoint walk');
      try {
        await c.query(CALLS[entity]![action]!, [id]);
        await after?.(c);
        outcomes[action] = { offered: offered.has(action), accepted: true };
      } catch (error) {
        outcomes[action] = {
          offered: offered.has(action),
          accepted: false,
          code: (error as { hint?: string }).hint ?? (error as Error).message,
        };
      }
      await c.query('rollback to savepoint walk');
    }
    return outcomes;
  });
}

/**
 * After an accepted invoice action: an invoice that moved into open, validated or paid has live
 * costs, all approved.
 */
function keepsItsCostsApproved(id: number, before: string) {
  return async (client: pg.PoolClient): Promise<void> => {
    const { rows } = await client.query(
      `select i.status, count(c.id) filter (where not c.is_deleted) as live,
              count(c.id) filter (where not c.is_deleted and c.status <> 'approved') as pending
         from app_public.invoices i left join app_public.costs c on c.invoice_id = i.id
        where i.id = $1 group by i.id`,
      [id],
    );
    const row = rows[0];
    if (row && row.status !== before && ['open', 'validated', 'paid'].includes(row.status)) {
      if (Number(row.live) === 0 || Number(row.pending) > 0) {
        throw new Error(
          `invoice ${id} became ${row.status} with ${row.pending} of ${row.live} costs not approved`,
        );
      }
    }
  };
}

describe('every invoice transition from every state with every mix of costs', () => {
  it('offers exactly what it accepts, and never opens, validates or closes past a cost not approved', async () => {
    const actions = await tableActions('invoice');
    expect(actions).toEqual(expect.arrayContaining(Object.keys(CALLS.invoice!)));
    const { rows: states } = await db.owner.query<{ state: string }>(
      `select unnest(enum_range(null::app_public.invoice_status))::text as state`,
    );
    const mismatches: string[] = [];
    let accepted = 0;
    for (const { state } of states) {
      for (const archived of [false, true]) {
        for (const mix of COST_MIXES) {
          const id = await makeInvoice(state, archived, mix);
          const outcomes = await walk(
            'invoices',
            'invoice',
            id,
            actions,
            keepsItsCostsApproved(id, state),
          );
          for (const [action, outcome] of Object.entries(outcomes)) {
            if (outcome.accepted) accepted += 1;
            if (outcome.offered !== outcome.accepted) {
              mismatches.push(
                `${state}${archived ? ' (archived)' : ''} [${mix.join(',')}] ${action}: offered ${outcome.offered}, accepted ${outcome.accepted} ${outcome.code ?? ''}`,
              );
            }
          }
        }
      }
    }
    expect(mismatches).toEqual([]);
    expect(accepted).toBeGreaterThan(100);
  });

  it('reopening a rejected invoice whose costs are all rejected is refused, naming the invoice', async () => {
    const id = await makeInvoice('rejected', false, ['rejected', 'rejected', 'rejected']);
    const outcomes = await walk('invoices', 'invoice', id, [
      'reopen',
      'reset_to_open',
      'add_payment',
    ]);
    expect(outcomes.reopen).toEqual({ offered: false, accepted: false, code: 'CostsNotApproved' });
    expect(outcomes.reset_to_open).toEqual({
      offered: false,
      accepted: false,
      code: 'CostsNotApproved',
    });
    expect(outcomes.add_payment!.accepted).toBe(false);
    const message = await asUser(db, 'accountant', async (c) =>
      c.query('select app_public.reopen_invoice($1)', [id]).catch((error: Error) => error.message),
    );
    expect(message).toMatch(new RegExp(`invoice #${id} WALK-.*3 of its 3 costs are not approved`));
  });

  it('"open" is not offered while a cost waits for approval', async () => {
    const id = await makeInvoice('draft', false, ['approved', 'to_approve']);
    const outcomes = await walk('invoices', 'invoice', id, ['open']);
    expect(outcomes.open).toEqual({ offered: false, accepted: false, code: 'CostsNotApproved' });
  });

  it('a refused bulk close names the invoice that refused and why', async () => {
    const good = await makeInvoice('validated', false, ['approved']);
    const bad = await makeInvoice('draft', false, ['to_approve']);
    const error = await asUser(db, 'accountant', async (c) =>
      c
        .query(`select app_public.close_invoices_as_paid($1, 'transaction', now())`, [[good, bad]])
        .then(() => undefined)
        .catch((e: { message: string; hint: string; detail: string }) => e),
    );
    expect(error?.hint).toBe('CannotChangeStatus');
    expect(error?.message).toMatch(new RegExp(`invoice #${bad} WALK-.* is draft`));
    expect(JSON.parse(error!.detail)).toMatchObject({ action: 'close_as_paid', state: 'draft' });
  });
});

describe('the draft invoice opens by itself when its last live cost is approved', () => {
  it('approving the last cost opens it; approving one of two does not', async () => {
    const id = await makeInvoice('draft', false, ['to_approve', 'to_approve']);
    const statuses = await asUser(db, 'accountant', async (c) => {
      const { rows: costs } = await c.query(
        'select id from app_public.costs where invoice_id = $1 order by id',
        [id],
      );
      const seen: string[] = [];
      for (const cost of costs) {
        await c.query('select app_public.approve_cost($1)', [cost.id]);
        seen.push(
          (await c.query('select status from app_public.invoices where id = $1', [id])).rows[0]
            .status,
        );
      }
      return seen;
    });
    expect(statuses).toEqual(['draft', 'open']);
  });
});

describe('every cost and bill transition from every state', () => {
  it('costs: offered exactly when accepted', async () => {
    const actions = await tableActions('cost');
    const mismatches: string[] = [];
    for (const invoiceState of ['draft', 'open', 'rejected']) {
      for (const costState of ['to_approve', 'approved', 'rejected']) {
        for (const archived of [false, true]) {
          const invoice = await makeInvoice(invoiceState, archived, [costState, 'approved']);
          const { rows } = await db.owner.query(
            'select id from app_public.costs where invoice_id = $1 order by id limit 1',
            [invoice],
          );
          await attachWalkFile('costs_files', 'cost_id', rows[0].id);
          // deleteCost(force) of a cost that is not approved is the plain delete.
          const tried = actions.filter((a) => a !== 'force_delete' || costState === 'approved');
          const outcomes = await walk('costs', 'cost', rows[0].id, tried);
          for (const [action, o] of Object.entries(outcomes)) {
            if (o.offered !== o.accepted) {
              mismatches.push(
                `${invoiceState}/${costState}${archived ? ' (archived)' : ''} ${action}: offered ${o.offered} ${o.code ?? ''}`,
              );
            }
          }
        }
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('bills: offered exactly when accepted; payments only while something remains', async () => {
    const actions = await tableActions('bill');
    const mismatches: string[] = [];
    for (const state of ['open', 'validated', 'paid']) {
      for (const archived of [false, true]) {
        for (const amount of ['0.00', '100.00']) {
          const { rows } = await db.owner.query(
            `insert into app_public.bills (name, client_id, subsidiary_id, invoice_date, period, year, currency, vat, amount,
                                           status, is_deleted, created_by)
             values ('walk', $1, $2, current_date, extract(month from current_date), extract(year from current_date),
                     'EUR', 20, $3, $4::app_public.bill_status, $5, $6) returning id`,
            [client, nl, amount, state, archived, admin],
          );
          await attachWalkFile('bills_files', 'bill_id', rows[0].id);
          const outcomes = await walk('bills', 'bill', rows[0].id, actions);
          for (const [action, o] of Object.entries(outcomes)) {
            if (o.offered !== o.accepted) {
              mismatches.push(
                `${state} ${amount}${archived ? ' (archived)' : ''} ${action}: offered ${o.offered} ${o.code ?? ''}`,
              );
            }
          }
        }
      }
    }
    expect(mismatches).toEqual([]);
  });
});
