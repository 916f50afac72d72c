// Segregation of duties (docs/permissions.md): the user who created a cost does not approve it,
// and the user who created an invoice does not validate it, unless the account holds admin. The
// refusal has a code and names the record; the action is not offered.
import { beforeAll, describe, expect, it } from 'vitest';
import { asUser, createTestDatabase, type TestDatabase } from './helpers.ts';
import { invoiceWithCosts, refusalOf } from './controls-fixtures.ts';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});

async function tryAs(user: string, sql: string, id: number) {
  return asUser(db, user, async (client) => {
    const { rows } = await client.query(
      sql.startsWith('select app_public.approve') || sql.includes('reject_cost')
        ? 'select app_public.costs_available_actions(c) as actions from app_public.costs c where id = $1'
        : 'select app_public.invoices_available_actions(i) as actions from app_public.invoices i where id = $1',
      [id],
    );
    const offered: string[] = rows[0].actions;
    try {
      await client.query(sql, [id]);
      return { offered, refusal: undefined };
    } catch (error) {
      return { offered, refusal: refusalOf(error) };
    }
  });
}

describe('the creator of a cost cannot approve it', () => {
  it('the accountant is refused its own cost (SegregationOfDuties), and approve is not offered', async () => {
    const { costs } = await invoiceWithCosts(db, {
      creator: 'accountant',
      costs: [{ amount: '100.00' }],
    });
    const own = await tryAs('accountant', 'select app_public.approve_cost($1)', costs[0]!);
    expect(own.offered).not.toContain('approve');
    expect(own.offered).toContain('reject');
    expect(own.refusal?.code).toBe('SegregationOfDuties');
    expect(own.refusal?.message).toMatch(
      new RegExp(`You created cost #${costs[0]} control: another user must approve it`),
    );
    expect(own.refusal?.details).toEqual({ record: `cost #${costs[0]} control` });
  });

  it("another user may: the accountant approves the admin's cost", async () => {
    const { costs } = await invoiceWithCosts(db, {
      creator: 'admin',
      costs: [{ amount: '100.00' }],
    });
    const other = await tryAs('accountant', 'select app_public.approve_cost($1)', costs[0]!);
    expect(other).toEqual({ offered: expect.arrayContaining(['approve']), refusal: undefined });
  });

  it('an admin account may approve its own cost (the exception)', async () => {
    const { costs } = await invoiceWithCosts(db, {
      creator: 'admin',
      costs: [{ amount: '100.00' }],
    });
    const own = await tryAs('admin', 'select app_public.approve_cost($1)', costs[0]!);
    expect(own).toEqual({ offered: expect.arrayContaining(['approve']), refusal: undefined });
  });
});

describe('the creator of an invoice cannot validate it', () => {
  it('the accountant is refused its own open invoice, and validate is not offered; another user may', async () => {
    const own = await invoiceWithCosts(db, {
      creator: 'accountant',
      status: 'open',
      costs: [{ amount: '100.00', status: 'approved' }],
    });
    const refused = await tryAs(
      'accountant',
      'select app_public.validate_invoice($1)',
      own.invoice,
    );
    expect(refused.offered).not.toContain('validate');
    expect(refused.offered).toContain('reject');
    expect(refused.refusal?.code).toBe('SegregationOfDuties');
    expect(refused.refusal?.message).toMatch(/another user must validate it/);
    const byAdmin = await tryAs('admin', 'select app_public.validate_invoice($1)', own.invoice);
    expect(byAdmin).toEqual({ offered: expect.arrayContaining(['validate']), refusal: undefined });
    const theirs = await invoiceWithCosts(db, {
      creator: 'admin',
      status: 'open',
      costs: [{ amount: '100.00', status: 'approved' }],
    });
    const byAccountant = await tryAs(
      'accountant',
      'select app_public.validate_invoice($1)',
      theirs.invoice,
    );
    expect(byAccountant).toEqual({
      offered: expect.arrayContaining(['validate']),
      refusal: undefined,
    });
  });

  it('a bulk validation stops at the first own invoice and names it', async () => {
    const theirs = await invoiceWithCosts(db, {
      creator: 'admin',
      status: 'open',
      costs: [{ amount: '1.00', status: 'approved' }],
    });
    const own = await invoiceWithCosts(db, {
      creator: 'accountant',
      status: 'open',
      costs: [{ amount: '1.00', status: 'approved' }],
    });
    const refusal = await asUser(db, 'accountant', (client) =>
      client
        .query('select app_public.validate_invoices($1)', [[theirs.invoice, own.invoice]])
        .then(() => undefined, refusalOf),
    );
    expect(refusal?.code).toBe('SegregationOfDuties');
    expect(refusal?.details).toMatchObject({
      record: expect.stringContaining(`invoice #${own.invoice} `),
    });
  });
});

describe('the demo data keeps a working path', () => {
  it("no seeded approval or validation was made by the record's creator", async () => {
    const { rows } = await db.owner.query(
      `select (select count(*) from app_public.costs where approved_by = created_by and status = 'approved') as costs,
              (select count(*) from app_public.invoices where validated_by = created_by) as invoices`,
    );
    expect(rows[0]).toEqual({ costs: '0', invoices: '0' });
  });

  it('the accountant may approve and validate the demo records of its subsidiary waiting for it', async () => {
    const { rows } = await rowsWaiting();
    expect(Number(rows[0].approvable)).toBeGreaterThan(0);
    expect(Number(rows[0].validatable)).toBeGreaterThan(0);
  });
});

async function rowsWaiting() {
  return asUser(db, 'accountant', (client) =>
    client.query(
      `select (select count(*) from app_public.costs c where c.status = 'to_approve' and not c.is_deleted
                 and 'approve' = any (app_public.costs_available_actions(c))) as approvable,
              (select count(*) from app_public.invoices i where i.status = 'open' and not i.is_deleted
                 and 'validate' = any (app_public.invoices_available_actions(i))) as validatable`,
    ),
  );
}
