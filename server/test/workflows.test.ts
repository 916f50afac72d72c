// Business rules of SPEC §4, §5 and §7 through the GraphQL API as the demo accounts: the legal
// path works, each illegal path fails with its code and message, and nothing is half-written.
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, gql, login, type GraphQLResult, type TestApp } from './helpers.ts';

let t: TestApp;
const token: Record<string, string> = {};

const as = (user: string, query: string, variables: Record<string, unknown> = {}) =>
  gql(t.app, query, variables, token[user]);

async function one<T = any>(sql: string, params: unknown[] = []): Promise<T> {
  const { rows } = await t.db.owner.query(sql, params);
  return rows[0] as T;
}

function expectError(result: GraphQLResult, code: string, message?: string) {
  expect(result.errors?.[0]?.extensions?.code, JSON.stringify(result.errors)).toBe(code);
  if (message) expect(result.errors![0]!.message).toBe(message);
}

const INVOICE_FIELDS =
  'id status validatedBy closedBy rejectReason isDeleted amount amountWVat amountUsd costsStatus paymentStatus';

/**
 * A fresh draft invoice of the accountant's subsidiary (Northwind NL, EUR) with costs, entered by
 * `creator` (admin by default, so that the accountant, who did not create it, may approve its
 * costs and validate it: segregation of duties, docs/permissions.md).
 */
async function draftInvoice(
  costs: { amount: string; vat: string }[] = [{ amount: '100.00', vat: '20' }],
  creator = 'admin',
) {
  const ids =
    await one(`select s.id as subsidiary, (select id from app_public.suppliers order by legal_name limit 1) as supplier,
    (select id from app_public.projects where access_key = 'ops.platform') as project
    from app_public.subsidiaries s where s.short_name = 'Northwind NL'`);
  const created = await as(
    creator,
    `mutation C($s: UUID!, $p: UUID!) { createInvoice(input: { invoice: {
      invoiceRef: "T-${Math.random().toString(36).slice(2, 8)}", invoiceDate: "2026-10-15", dueDate: "2026-11-15",
      currency: "EUR", subsidiaryId: $s, supplierId: $p } }) { invoice { id } } }`,
    { s: ids.subsidiary, p: ids.supplier },
  );
  const invoiceId: number = created.data!.createInvoice.invoice.id;
  const costIds: number[] = [];
  for (const cost of costs) {
    const result = await as(
      creator,
      `mutation C($i: Int!, $a: BigFloat!, $v: BigFloat!, $p: UUID) { createCost(input: { cost: {
        name: "Work", amount: $a, vat: $v, invoiceId: $i, projectId: $p, period: 10, year: 2026 } }) { cost { id } } }`,
      { i: invoiceId, a: cost.amount, v: cost.vat, p: ids.project },
    );
    costIds.push(result.data!.createCost.cost.id);
  }
  return { invoiceId, costIds };
}

const invoice = async (id: number) =>
  (await as('admin', `query I($id: Int!) { invoiceById(id: $id) { ${INVOICE_FIELDS} } }`, { id }))
    .data!.invoiceById;

const call = (
  user: string,
  mutation: string,
  args: string,
  variables: Record<string, unknown> = {},
  fields = 'id status',
) =>
  as(
    user,
    `mutation M${
      Object.keys(variables).length
        ? `(${Object.keys(variables)
            .map(
              (k) =>
                `$${k}: ${typeof variables[k] === 'number' ? 'Int!' : typeof variables[k] === 'boolean' ? 'Boolean!' : 'String!'}`,
            )
            .join(', ')})`
        : ''
    } { ${mutation}(input: { ${args} }) { result { ${fields} } } }`,
    variables,
  );

beforeAll(async () => {
  t = await createTestApp();
  for (const user of ['admin', 'accountant', 'manager', 'viewer'])
    token[user] = (await login(t.app, user)).accessToken;
});

describe('costs: derived amounts (SPEC §3, §5)', () => {
  it('amount with VAT and USD amounts are computed exactly in SQL; the invoice sums its live costs', async () => {
    const { invoiceId } = await draftInvoice([
      { amount: '100.10', vat: '20' },
      { amount: '0.05', vat: '10' },
    ]);
    const rate = (
      await one(
        `select usd_per_unit from app_public.exchange_rates where currency = 'EUR' and rate_date <= '2026-10-15' order by rate_date desc limit 1`,
      )
    ).usd_per_unit;
    const costs = (
      await as(
        'accountant',
        `query I($id: Int!) { invoiceById(id: $id) { costs(orderBy: ID_ASC) { nodes { amount amountWVat amountUsd amountUsdWVat currency } } } }`,
        { id: invoiceId },
      )
    ).data!.invoiceById.costs.nodes;
    expect(costs[0]).toMatchObject({ amount: '100.10', amountWVat: '120.12', currency: 'EUR' });
    expect(costs[1]).toMatchObject({ amount: '0.05', amountWVat: '0.06' });
    const expectedUsd = (await one(`select round(100.10 * $1::numeric, 2)::text as v`, [rate])).v;
    expect(costs[0].amountUsd).toBe(expectedUsd);
    const inv = await invoice(invoiceId);
    expect(inv.amount).toBe('100.15');
    expect(inv.amountWVat).toBe('120.18');
    expect(inv.costsStatus).toBe('to_approve');
  });

  it('a missing exchange rate is an error naming currency and date', async () => {
    const ids = await one(
      `select s.id as s, (select id from app_public.suppliers limit 1) as p from app_public.subsidiaries s where s.short_name = 'Northwind NL'`,
    );
    const created = await as(
      'admin',
      `mutation C($s: UUID!, $p: UUID!) { createInvoice(input: { invoice: { invoiceRef: "OLD", invoiceDate: "2019-03-01", currency: "EUR", subsidiaryId: $s, supplierId: $p } }) { invoice { id } } }`,
      { s: ids.s, p: ids.p },
    );
    const result = await as(
      'admin',
      `mutation C($i: Int!) { createCost(input: { cost: { name: "X", amount: "1", vat: "20", invoiceId: $i, period: 3, year: 2019 } }) { cost { id } } }`,
      { i: created.data!.createInvoice.invoice.id },
    );
    expectError(result, 'MissingExchangeRate', 'No exchange rate for EUR on or before 2019-03-01.');
  });

  it('VAT must be above 0 and at most 100; the period cannot be after the current month', async () => {
    const { invoiceId } = await draftInvoice([]);
    const create = (vat: string, period: number, year: number) =>
      as(
        'accountant',
        `mutation C($i: Int!, $v: BigFloat!, $m: Int!, $y: Int!) { createCost(input: { cost: { name: "X", amount: "1", vat: $v, invoiceId: $i, period: $m, year: $y } }) { cost { id } } }`,
        { i: invoiceId, v: vat, m: period, y: year },
      );
    expectError(
      await create('0', 1, 2026),
      'VatOutOfRange',
      'VAT must be above 0 and at most 100.',
    );
    expectError(await create('100.01', 1, 2026), 'VatOutOfRange');
    expectError(
      await create('20', 12, 2099),
      'PeriodInFuture',
      'The period cannot be later than the current month.',
    );
    expect((await create('100', 1, 2026)).errors).toBeUndefined();
  });

  it('the due date cannot be earlier than the invoice date', async () => {
    const ids = await one(
      `select s.id as s, (select id from app_public.suppliers limit 1) as p from app_public.subsidiaries s where s.short_name = 'Northwind NL'`,
    );
    const result = await as(
      'accountant',
      `mutation C($s: UUID!, $p: UUID!) { createInvoice(input: { invoice: { invoiceRef: "D", invoiceDate: "2026-10-15", dueDate: "2026-10-01", currency: "EUR", subsidiaryId: $s, supplierId: $p } }) { invoice { id } } }`,
      ids,
    );
    expectError(
      result,
      'DueDateBeforeInvoiceDate',
      'The due date cannot be earlier than the invoice date.',
    );
  });
});

describe('costs: approval (SPEC §4 cost statuses)', () => {
  it('approve records approved_by; an approved cost cannot be edited or deleted', async () => {
    const { costIds } = await draftInvoice();
    const approved = await call(
      'accountant',
      'approveCost',
      'costId: $id',
      { id: costIds[0] },
      'status approvedBy',
    );
    expect(approved.data!.approveCost.result.status).toBe('approved');
    expect(approved.data!.approveCost.result.approvedBy).toBeTruthy();
    const edit = await as(
      'accountant',
      `mutation U($id: Int!) { updateCostById(input: { id: $id, patch: { amount: "999" } }) { cost { id } } }`,
      { id: costIds[0] },
    );
    expectError(edit, 'CannotEditApprovedCost', 'Cannot edit an approved cost.');
    expectError(
      await call('accountant', 'deleteCost', 'costId: $id', { id: costIds[0] }),
      'CannotDeleteApprovedCost',
      'Cannot delete an approved cost.',
    );
  });

  it('force delete of an approved cost needs admin:cost:write', async () => {
    const { costIds } = await draftInvoice();
    await call('accountant', 'approveCost', 'costId: $id', { id: costIds[0] });
    expectError(
      await call('accountant', 'deleteCost', 'costId: $id, force: true', { id: costIds[0] }),
      'Forbidden',
    );
    const forced = await call('admin', 'deleteCost', 'costId: $id, force: true', {
      id: costIds[0],
    });
    expect(forced.errors).toBeUndefined();
    expect(
      await one('select count(*)::int as n from app_public.costs where id = $1', [costIds[0]]),
    ).toEqual({ n: 0 });
  });

  it('reject needs a reason; return to approval clears it', async () => {
    const { costIds } = await draftInvoice();
    expectError(
      await call('accountant', 'rejectCost', 'costId: $id, reason: ""', { id: costIds[0] }),
      'ReasonRequired',
    );
    const rejected = await call(
      'accountant',
      'rejectCost',
      'costId: $id, reason: "cost_rejected"',
      { id: costIds[0] },
      'status rejectReason',
    );
    expect(rejected.data!.rejectCost.result).toEqual({
      status: 'rejected',
      rejectReason: 'cost_rejected',
    });
    const back = await call(
      'accountant',
      'returnCostToApproval',
      'costId: $id',
      { id: costIds[0] },
      'status rejectReason',
    );
    expect(back.data!.returnCostToApproval.result).toEqual({
      status: 'to_approve',
      rejectReason: null,
    });
  });

  it('a status cannot be set through a plain update', async () => {
    const { costIds, invoiceId } = await draftInvoice();
    const raw = await as(
      'accountant',
      `mutation U($id: Int!) { updateCostById(input: { id: $id, patch: { status: approved } }) { cost { id } } }`,
      { id: costIds[0] },
    );
    expect(raw.errors).toBeDefined(); // no such field in the patch
    expect((await invoice(invoiceId)).status).toBe('draft');
  });

  it('viewer cannot approve', async () => {
    const { costIds } = await draftInvoice();
    expectError(
      await call('viewer', 'approveCost', 'costId: $id', { id: costIds[0] }),
      'Forbidden',
    );
  });

  it('bulk update changes the given fields of several costs', async () => {
    const { costIds } = await draftInvoice([
      { amount: '10', vat: '20' },
      { amount: '20', vat: '20' },
    ]);
    const result = await as(
      'accountant',
      `mutation B($ids: [Int]!, $patch: JSON!) { updateCosts(input: { ids: $ids, patch: $patch }) { result { id vat amountWVat } } }`,
      { ids: costIds, patch: { vat: '10' } },
    );
    expect(
      result.data!.updateCosts.result.map((c: { amountWVat: string }) => c.amountWVat).sort(),
    ).toEqual(['11.00', '22.00']);
    expectError(
      await as(
        'accountant',
        `mutation B($ids: [Int]!) { updateCosts(input: { ids: $ids, patch: {} }) { result { id } } }`,
        { ids: costIds },
      ),
      'NoChanges',
      'No changes found. Do not update.',
    );
  });
});

describe('invoices: the transition graph (docs/workflows.md)', () => {
  it('draft → open once all costs are approved → validated → paid', async () => {
    const { invoiceId, costIds } = await draftInvoice();
    expectError(
      await call('accountant', 'openInvoice', 'invoiceId: $id', { id: invoiceId }),
      'CostsNotApproved',
    );
    // Approving the last live cost opens the draft by itself; opening it again is refused.
    await call('accountant', 'approveCost', 'costId: $id', { id: costIds[0] });
    expect((await invoice(invoiceId)).status).toBe('open');
    expectError(
      await call('accountant', 'openInvoice', 'invoiceId: $id', { id: invoiceId }),
      'CannotChangeStatus',
    );
    const validated = await call(
      'accountant',
      'validateInvoice',
      'invoiceId: $id',
      { id: invoiceId },
      'status validatedBy',
    );
    expect(validated.data!.validateInvoice.result.status).toBe('validated');
    expect(validated.data!.validateInvoice.result.validatedBy).toBeTruthy();
    // Closing settles the invoice in full: with money remaining it needs the final payment.
    expectError(
      await call('accountant', 'closeInvoiceAsPaid', 'invoiceId: $id', { id: invoiceId }),
      'InvoiceNotFullyPaid',
      'The invoice is not fully paid: 120.00 EUR remain. Give a method and date for the final payment.',
    );
    const paid = await call(
      'accountant',
      'closeInvoiceAsPaid',
      'invoiceId: $id, finalPaymentMethod: transaction, finalPaymentDate: "2026-11-01T10:00:00Z"',
      { id: invoiceId },
      'status closedBy paymentStatus paidAmount remainingAmount',
    );
    expect(paid.data!.closeInvoiceAsPaid.result).toMatchObject({
      status: 'paid',
      paymentStatus: 'paid',
      paidAmount: '120.00',
      remainingAmount: '0.00',
    });
    expect(paid.data!.closeInvoiceAsPaid.result.closedBy).toBeTruthy();
  });

  it('an illegal transition fails with CannotChangeStatus, naming the invoice and its state', async () => {
    const { invoiceId } = await draftInvoice();
    for (const mutation of ['validateInvoice', 'closeInvoiceAsPaid', 'reopenInvoice']) {
      const result = await call('accountant', mutation, 'invoiceId: $id', { id: invoiceId });
      expectError(result, 'CannotChangeStatus');
      expect(result.errors![0]!.message).toMatch(
        new RegExp(
          `^Cannot change status: invoice #${invoiceId} T-\\w+ is draft, and "\\w+" is not possible from there\\.$`,
        ),
      );
      expect(result.errors![0]!.extensions).toMatchObject({ state: 'draft' });
    }
    expect((await invoice(invoiceId)).status).toBe('draft');
  });

  it('reject records the validator and marks its costs invoice_rejected; reopen after the fix; reset clears', async () => {
    const { invoiceId, costIds } = await draftInvoice();
    // Approving its last cost opens the invoice.
    await call('accountant', 'approveCost', 'costId: $id', { id: costIds[0] });
    const rejected = await call(
      'accountant',
      'rejectInvoice',
      'invoiceId: $id, reason: "Wrong VAT"',
      { id: invoiceId },
      'status rejectReason validatedBy',
    );
    expect(rejected.data!.rejectInvoice.result).toMatchObject({
      status: 'rejected',
      rejectReason: 'Wrong VAT',
    });
    expect(rejected.data!.rejectInvoice.result.validatedBy).toBeTruthy();
    expect(
      await one('select status, reject_reason from app_public.costs where id = $1', [costIds[0]]),
    ).toEqual({ status: 'rejected', reject_reason: 'invoice_rejected' });
    expectError(
      await call('accountant', 'reopenInvoice', 'invoiceId: $id', { id: invoiceId }),
      'CostsNotApproved',
    );
    await call('accountant', 'returnCostToApproval', 'costId: $id', { id: costIds[0] });
    await call('accountant', 'approveCost', 'costId: $id', { id: costIds[0] });
    expect(
      (await call('accountant', 'reopenInvoice', 'invoiceId: $id', { id: invoiceId })).data!
        .reopenInvoice.result.status,
    ).toBe('open');
    await call('accountant', 'rejectInvoice', 'invoiceId: $id, reason: "Again"', { id: invoiceId });
    // Reset to open, like reopen, waits for the rejected costs to be approved again.
    expectError(
      await call('accountant', 'resetInvoiceToOpen', 'invoiceId: $id', { id: invoiceId }),
      'CostsNotApproved',
    );
    await call('accountant', 'returnCostToApproval', 'costId: $id', { id: costIds[0] });
    await call('accountant', 'approveCost', 'costId: $id', { id: costIds[0] });
    const reset = await call(
      'accountant',
      'resetInvoiceToOpen',
      'invoiceId: $id',
      { id: invoiceId },
      'status rejectReason validatedBy',
    );
    expect(reset.data!.resetInvoiceToOpen.result).toEqual({
      status: 'open',
      rejectReason: null,
      validatedBy: null,
    });
  });

  it('validate needs validate_invoice; close needs close_invoice', async () => {
    const { invoiceId, costIds } = await draftInvoice();
    // Approving its last cost opens the invoice.
    await call('accountant', 'approveCost', 'costId: $id', { id: costIds[0] });
    expectError(
      await call('viewer', 'validateInvoice', 'invoiceId: $id', { id: invoiceId }),
      'Forbidden',
    );
    expectError(
      await call('manager', 'validateInvoice', 'invoiceId: $id', { id: invoiceId }),
      'Forbidden',
    );
  });

  it('a validated invoice cannot be edited until reset', async () => {
    const { invoiceId, costIds } = await draftInvoice();
    // Approving its last cost opens the invoice.
    await call('accountant', 'approveCost', 'costId: $id', { id: costIds[0] });
    await call('accountant', 'validateInvoice', 'invoiceId: $id', { id: invoiceId });
    const edit = await as(
      'accountant',
      `mutation U($id: Int!) { updateInvoiceById(input: { id: $id, patch: { invoiceRef: "changed" } }) { invoice { id } } }`,
      { id: invoiceId },
    );
    expectError(edit, 'CannotEditClosedInvoice');
  });

  it('archive and unarchive cascade is_deleted to the costs; the archived invoice keeps its figures', async () => {
    const { invoiceId, costIds } = await draftInvoice();
    await call('accountant', 'setInvoiceDeleted', 'invoiceId: $id, isDeleted: true', {
      id: invoiceId,
    });
    expect(
      await one('select is_deleted from app_public.costs where id = $1', [costIds[0]]),
    ).toEqual({ is_deleted: true });
    expect((await invoice(invoiceId)).amount).toBe('100.00');
    await call('accountant', 'setInvoiceDeleted', 'invoiceId: $id, isDeleted: false', {
      id: invoiceId,
    });
    expect(
      await one('select is_deleted from app_public.costs where id = $1', [costIds[0]]),
    ).toEqual({ is_deleted: false });
    expect((await invoice(invoiceId)).amount).toBe('100.00');
  });

  it('delete removes the invoice with its costs, even approved ones, in one transaction', async () => {
    const { invoiceId, costIds } = await draftInvoice();
    await call('accountant', 'approveCost', 'costId: $id', { id: costIds[0] });
    const deleted = await call(
      'accountant',
      'deleteInvoice',
      'invoiceId: $id',
      { id: invoiceId },
      'id isDeleted',
    );
    expect(deleted.errors).toBeUndefined();
    expect(
      await one(
        'select (select count(*) from app_public.invoices where id = $1)::int as i, (select count(*) from app_public.costs where invoice_id = $1)::int as c',
        [invoiceId],
      ),
    ).toEqual({ i: 0, c: 0 });
    const audit = await one(
      `select array_agg(action order by id) as actions from app_public.audit_trail where table_name = 'invoices' and row_id = $1`,
      [invoiceId],
    );
    expect(audit.actions.at(-1)).toBe('DELETE');
    expect(audit.actions).toContain('UPDATE'); // marked deleted first
  });

  it('an invoice with payments is deleted only by force (admin:invoice:write), which removes its payments', async () => {
    const { invoiceId, costIds } = await draftInvoice();
    await call('accountant', 'approveCost', 'costId: $id', { id: costIds[0] });
    await as(
      'accountant',
      `mutation P($id: Int!) { createInvoicePayment(input: { invoiceId: $id, amount: "10", currency: "EUR", paymentDate: "2026-11-01T10:00:00Z", paymentMethod: cash }) { result { id } } }`,
      { id: invoiceId },
    );
    expectError(
      await call('accountant', 'deleteInvoice', 'invoiceId: $id', { id: invoiceId }),
      'InvoiceHasPayments',
    );
    expectError(
      await call('accountant', 'deleteInvoice', 'invoiceId: $id, force: true', { id: invoiceId }),
      'Forbidden',
    );
    expect(
      await one('select count(*)::int as n from app_public.invoices where id = $1', [invoiceId]),
    ).toEqual({ n: 1 });
    expect(
      await one('select is_deleted from app_public.invoices where id = $1', [invoiceId]),
    ).toEqual({ is_deleted: false });
    expect(
      (await call('admin', 'deleteInvoice', 'invoiceId: $id, force: true', { id: invoiceId }))
        .errors,
    ).toBeUndefined();
    expect(
      await one(
        'select count(*)::int as n from app_public.invoices_payments where invoice_id = $1',
        [invoiceId],
      ),
    ).toEqual({ n: 0 });
  });

  it('archive-and-delete by ids needs at least one id', async () => {
    const result = await as(
      'accountant',
      `mutation { archiveAndDeleteInvoices(input: { ids: [] }) { result { id } } }`,
    );
    expectError(result, 'IdsRequired', 'At least one id is required.');
  });

  it('duplicate makes a new draft with copies of the costs, to approve again', async () => {
    const { invoiceId, costIds } = await draftInvoice([
      { amount: '10', vat: '20' },
      { amount: '5', vat: '10' },
    ]);
    await call('accountant', 'approveCost', 'costId: $id', { id: costIds[0] });
    const copy = await call(
      'accountant',
      'duplicateInvoice',
      'invoiceId: $id',
      { id: invoiceId },
      `${INVOICE_FIELDS} costs { nodes { status amount } }`,
    );
    const result = copy.data!.duplicateInvoice.result;
    expect(result.id).not.toBe(invoiceId);
    expect(result.status).toBe('draft');
    expect(result.amountWVat).toBe('17.50');
    expect(result.costs.nodes.map((c: { status: string }) => c.status)).toEqual([
      'to_approve',
      'to_approve',
    ]);
  });

  it("a duplicate's reference ends with (copy) in the language of the interface that made it", async () => {
    const { invoiceId } = await draftInvoice();
    const { invoice_ref: ref } = await one(
      'select invoice_ref from app_public.invoices where id = $1',
      [invoiceId],
    );
    const duplicate = (language?: string) =>
      t.app
        .inject({
          method: 'POST',
          url: '/graphql',
          headers: {
            'content-type': 'application/json',
            authorization: `Bearer ${token.accountant}`,
            ...(language ? { 'accept-language': language } : {}),
          },
          payload: {
            query: `mutation D($id: Int!) { duplicateInvoice(input: { invoiceId: $id }) { result { invoiceRef } } }`,
            variables: { id: invoiceId },
          },
        })
        .then((response) => response.json().data.duplicateInvoice.result.invoiceRef);
    expect(await duplicate('ru')).toBe(`${ref} (копия)`);
    expect(await duplicate('en')).toBe(`${ref} (copy)`);
    expect(await duplicate()).toBe(`${ref} (copy)`);
  });

  it('bulk actions are all or nothing', async () => {
    const a = await draftInvoice();
    const b = await draftInvoice();
    const approved = await as(
      'accountant',
      `mutation A($ids: [Int]!) { approveInvoices(input: { ids: $ids }) { result { id costsStatus } } }`,
      { ids: [a.invoiceId, b.invoiceId] },
    );
    expect(
      approved.data!.approveInvoices.result.map((i: { costsStatus: string }) => i.costsStatus),
    ).toEqual(['approved', 'approved']);
    // Approving their costs opened both; a third is still a draft.
    expect((await invoice(b.invoiceId)).status).toBe('open');
    const c = await draftInvoice();
    const bulk = await as(
      'accountant',
      `mutation V($ids: [Int]!) { validateInvoices(input: { ids: $ids }) { result { id } } }`,
      { ids: [a.invoiceId, c.invoiceId] },
    );
    expectError(bulk, 'CannotChangeStatus');
    expect(bulk.errors![0]!.message).toContain(`invoice #${c.invoiceId} `);
    expect((await invoice(a.invoiceId)).status).toBe('open'); // rolled back with the failing one
  });

  it('the audit feed lists the changes newest first with user and role', async () => {
    const { invoiceId, costIds } = await draftInvoice();
    // Approving its last cost opens the invoice.
    await call('accountant', 'approveCost', 'costId: $id', { id: costIds[0] });
    const feed = await as(
      'accountant',
      `query F($id: Int!) { invoiceById(id: $id) { feeds { nodes { action userRole changes user { username } } } invoicesFiles { totalCount } } }`,
      { id: invoiceId },
    );
    const nodes = feed.data!.invoiceById.feeds.nodes;
    expect(nodes[0].changes.status).toEqual({ old: 'draft', new: 'open' });
    expect(nodes[0]).toMatchObject({
      action: 'UPDATE',
      userRole: 'accountant',
      user: { username: 'accountant' },
    });
    expect(nodes.at(-1).action).toBe('INSERT');
  });
});

describe('payments (SPEC §5)', () => {
  async function payable() {
    const { invoiceId, costIds } = await draftInvoice([{ amount: '100.00', vat: '20' }]);
    await call('accountant', 'approveCost', 'costId: $id', { id: costIds[0] });
    return invoiceId;
  }
  const pay = (
    id: number,
    amount: string,
    extra = 'currency: "EUR", paymentDate: "2026-11-01T10:00:00Z", paymentMethod: transaction',
  ) =>
    as(
      'accountant',
      `mutation P($id: Int!) { createInvoicePayment(input: { invoiceId: $id, amount: "${amount}", ${extra} }) { result { invoiceId payment { amount currency paymentMethod } } } }`,
      { id },
    );

  it('a payment is nested in its link; status goes unpaid → partially paid → paid; remaining is exact', async () => {
    const id = await payable();
    const first = await pay(id, '20.10');
    expect(first.data!.createInvoicePayment.result).toEqual({
      invoiceId: id,
      payment: { amount: '20.10', currency: 'EUR', paymentMethod: 'transaction' },
    });
    expect((await invoice(id)).paymentStatus).toBe('partially_paid');
    const remaining = await as(
      'accountant',
      `query R($ids: [Int]) { invoicesRemaining(ids: $ids) { nodes { id remaining currency } } }`,
      { ids: [id] },
    );
    expect(remaining.data!.invoicesRemaining.nodes).toEqual([
      { id, remaining: '99.90', currency: 'EUR' },
    ]);
    await pay(id, '99.90');
    const paid = await invoice(id);
    expect(paid.paymentStatus).toBe('paid');
  });

  it.each([
    [
      'a method',
      'currency: "EUR", paymentDate: "2026-11-01T10:00:00Z"',
      'MissingPaymentMethod',
      'Missing payment method',
    ],
    [
      'a known currency',
      'currency: "ZZZ", paymentDate: "2026-11-01T10:00:00Z", paymentMethod: cash',
      'UnknownCurrency',
      undefined,
    ],
    [
      'the invoice currency',
      'currency: "USD", paymentDate: "2026-11-01T10:00:00Z", paymentMethod: cash',
      'PaymentCurrencyMismatch',
      undefined,
    ],
    ['a date', 'currency: "EUR", paymentMethod: cash', 'InvalidPaymentDate', 'Date is invalid'],
  ])('a payment needs %s', async (_rule, extra, code, message) => {
    const id = await payable();
    expectError(await pay(id, '1', extra), code, message);
    expect(
      await one(
        'select count(*)::int as n from app_public.invoices_payments where invoice_id = $1',
        [id],
      ),
    ).toEqual({ n: 0 });
  });

  it('a payment cannot exceed the remaining amount or be zero', async () => {
    const id = await payable();
    expectError(await pay(id, '120.01'), 'PaymentExceedsRemaining');
    expectError(await pay(id, '0'), 'InvalidAmount');
  });

  it('delete removes the link, then the payment; unknown ids say "Payment not found"', async () => {
    const id = await payable();
    await pay(id, '10');
    const paymentId = (
      await one('select payment_id from app_public.invoices_payments where invoice_id = $1', [id])
    ).payment_id;
    const deleted = await as(
      'accountant',
      `mutation D($id: UUID!) { deletePayment(input: { paymentId: $id }) { result { id } } }`,
      { id: paymentId },
    );
    expect(deleted.errors).toBeUndefined();
    expect((await invoice(id)).paymentStatus).toBe('unpaid');
    expectError(
      await as(
        'accountant',
        `mutation D($id: UUID!) { deletePayment(input: { paymentId: $id }) { result { id } } }`,
        { id: paymentId },
      ),
      'PaymentNotFound',
      'Payment not found',
    );
  });

  it('bulk payments are all or nothing', async () => {
    const a = await payable();
    const b = await payable();
    const result = await as(
      'accountant',
      `mutation B($p: [PaymentInputRecordInput]) { createPayments(input: { payments: $p }) { result { amount } } }`,
      {
        p: [
          {
            invoiceId: a,
            amount: '10',
            currency: 'EUR',
            paymentDate: '2026-11-01T00:00:00Z',
            paymentMethod: 'cash',
          },
          {
            invoiceId: b,
            amount: '999',
            currency: 'EUR',
            paymentDate: '2026-11-01T00:00:00Z',
            paymentMethod: 'cash',
          },
        ],
      },
    );
    expectError(result, 'PaymentExceedsRemaining');
    expect(
      await one(
        'select count(*)::int as n from app_public.invoices_payments where invoice_id = any($1)',
        [[a, b]],
      ),
    ).toEqual({ n: 0 });
  });

  it('viewer cannot pay', async () => {
    const id = await payable();
    expectError(
      await as(
        'viewer',
        `mutation P($id: Int!) { createInvoicePayment(input: { invoiceId: $id, amount: "1", currency: "EUR", paymentDate: "2026-11-01T10:00:00Z", paymentMethod: cash }) { result { id } } }`,
        { id },
      ),
      'Forbidden',
    );
  });
});

describe('bills (open → validated → paid)', () => {
  async function billWithCost() {
    const { invoiceId, costIds } = await draftInvoice([{ amount: '50', vat: '20' }]);
    await call('accountant', 'approveCost', 'costId: $id', { id: costIds[0] });
    const ids =
      await one(`select s.id as s, (select id from app_public.clients order by legal_name limit 1) as c,
      (select id from app_public.projects where access_key = 'ops.platform') as p from app_public.subsidiaries s where s.short_name = 'Northwind NL'`);
    const created = await as(
      'accountant',
      `mutation B($s: UUID!, $c: UUID!, $p: UUID!, $costs: [Int]) { createBillWithCosts(input: {
        name: "October work", clientId: $c, subsidiaryId: $s, projectId: $p, invoiceDate: "2026-10-20", period: 10, year: 2026,
        currency: "EUR", vat: "20", amount: "1000.00", costIds: $costs }) { result { id status amountWVat costsStatus costs { totalCount } } } }`,
      { s: ids.s, c: ids.c, p: ids.p, costs: costIds },
    );
    return { invoiceId, costIds, created };
  }

  it('create with selected costs in one call sets their bill', async () => {
    const { created, costIds } = await billWithCost();
    expect(created.errors).toBeUndefined();
    expect(created.data!.createBillWithCosts.result).toMatchObject({
      status: 'open',
      amountWVat: '1200.00',
      costsStatus: 'approved',
      costs: { totalCount: 1 },
    });
    expect(
      await one('select bill_id is not null as billed from app_public.costs where id = $1', [
        costIds[0],
      ]),
    ).toEqual({ billed: true });
  });

  it('only approved, unbilled costs can be billed; nothing is created otherwise', async () => {
    const { costIds } = await draftInvoice();
    const before = await one('select count(*)::int as n from app_public.bills');
    const ids = await one(
      `select s.id as s, (select id from app_public.clients limit 1) as c from app_public.subsidiaries s where s.short_name = 'Northwind NL'`,
    );
    const result = await as(
      'accountant',
      `mutation B($s: UUID!, $c: UUID!, $costs: [Int]) { createBillWithCosts(input: { name: "X", clientId: $c, subsidiaryId: $s, invoiceDate: "2026-10-20", period: 10, year: 2026, currency: "EUR", vat: "20", amount: "1", costIds: $costs }) { result { id } } }`,
      { s: ids.s, c: ids.c, costs: costIds },
    );
    expectError(result, 'CostsNotBillable');
    expect(await one('select count(*)::int as n from app_public.bills')).toEqual(before);
  });

  it('close as paid when not fully paid needs the final payment, then records it with the closer', async () => {
    const { created } = await billWithCost();
    const id = created.data!.createBillWithCosts.result.id;
    expectError(
      await call('accountant', 'closeBillAsPaid', 'billId: $id', { id }),
      'CannotChangeStatus',
    );
    await call('accountant', 'validateBill', 'billId: $id', { id });
    expectError(
      await call('accountant', 'closeBillAsPaid', 'billId: $id', { id }),
      'BillNotFullyPaid',
    );
    const closed = await call(
      'accountant',
      'closeBillAsPaid',
      'billId: $id, finalPaymentMethod: transaction, finalPaymentDate: "2026-11-02T09:00:00Z"',
      { id },
      'status closedBy paymentStatus remainingAmount',
    );
    expect(closed.data!.closeBillAsPaid.result).toMatchObject({
      status: 'paid',
      paymentStatus: 'paid',
      remainingAmount: '0.00',
    });
    expect(closed.data!.closeBillAsPaid.result.closedBy).toBeTruthy();
  });

  it('a bill with payments is deleted only by force (admin:bill), which also removes its payments and costs', async () => {
    const { created, costIds } = await billWithCost();
    const id = created.data!.createBillWithCosts.result.id;
    await as(
      'accountant',
      `mutation P($id: Int!) { createBillPayment(input: { billId: $id, amount: "100", currency: "EUR", paymentDate: "2026-11-01T10:00:00Z", paymentMethod: cash }) { result { id } } }`,
      { id },
    );
    expectError(await call('accountant', 'deleteBill', 'billId: $id', { id }), 'BillHasPayments');
    expectError(
      await call('accountant', 'deleteBill', 'billId: $id, force: true', { id }),
      'Forbidden',
    );
    expect(
      (await call('admin', 'deleteBill', 'billId: $id, force: true', { id })).errors,
    ).toBeUndefined();
    expect(
      await one(
        'select (select count(*) from app_public.bills where id = $1)::int as b, (select count(*) from app_public.costs where id = $2)::int as c',
        [id, costIds[0]],
      ),
    ).toEqual({ b: 0, c: 0 });
  });

  it('delete detaches the costs of a bill without payments', async () => {
    const { created, costIds } = await billWithCost();
    const id = created.data!.createBillWithCosts.result.id;
    expect((await call('accountant', 'deleteBill', 'billId: $id', { id })).errors).toBeUndefined();
    expect(await one('select bill_id from app_public.costs where id = $1', [costIds[0]])).toEqual({
      bill_id: null,
    });
  });

  it('archive and unarchive', async () => {
    const { created } = await billWithCost();
    const id = created.data!.createBillWithCosts.result.id;
    const archived = await call(
      'accountant',
      'setBillDeleted',
      'billId: $id, isDeleted: true',
      { id },
      'isDeleted',
    );
    expect(archived.data!.setBillDeleted.result.isDeleted).toBe(true);
  });

  it('unknown bills say "The bill not found"', async () => {
    expectError(
      await call('accountant', 'validateBill', 'billId: $id', { id: 987654 }),
      'BillNotFound',
      'The bill not found',
    );
  });
});

describe('notifications', () => {
  it('the author hears that their invoice was rejected; marking read works one by one and all at once', async () => {
    // Entered by the accountant; approved (which opens them) and rejected by the admin.
    const { invoiceId, costIds } = await draftInvoice(undefined, 'accountant');
    const second = await draftInvoice(undefined, 'accountant');
    for (const draft of [second, { invoiceId, costIds }]) {
      await call('admin', 'approveCost', 'costId: $id', { id: draft.costIds[0] });
      await call('admin', 'rejectInvoice', 'invoiceId: $id, reason: "Missing stamp"', {
        id: draft.invoiceId,
      });
    }
    const list = await as(
      'accountant',
      `{ currentUser { notifications(first: 3, orderBy: CREATED_AT_DESC) { nodes { id type body isRead refId createdAt } } } }`,
    );
    const latest = list.data!.currentUser.notifications.nodes[0];
    expect(latest).toMatchObject({
      type: 'invoice_rejected',
      body: 'Missing stamp',
      isRead: false,
      refId: String(invoiceId),
    });
    const read = await as(
      'accountant',
      `mutation R($id: UUID!) { markNotificationRead(input: { notificationId: $id }) { result { isRead readAt } } }`,
      { id: latest.id },
    );
    expect(read.data!.markNotificationRead.result.isRead).toBe(true);
    const unread = await one(
      `select count(*)::int as n from app_public.notifications n join app_public.users u on u.id = n.user_id where u.username = 'accountant' and not is_read`,
    );
    expect(unread.n).toBeGreaterThanOrEqual(1); // the second rejection, and the demo's unread ones
    const all = await as(
      'accountant',
      `mutation { markAllNotificationsRead(input: {}) { result } }`,
    );
    expect(all.data!.markAllNotificationsRead.result).toBe(unread.n);
    expect(
      await one(
        `select count(*)::int as n from app_public.notifications n join app_public.users u on u.id = n.user_id where u.username = 'accountant' and not is_read`,
      ),
    ).toEqual({ n: 0 });
  });

  it('nobody is notified of their own action', async () => {
    const before = await one(`select count(*)::int as n from app_public.notifications`);
    const { costIds } = await draftInvoice();
    // The admin approves its own cost (an admin may: docs/permissions.md).
    await call('admin', 'approveCost', 'costId: $id', { id: costIds[0] });
    expect(await one(`select count(*)::int as n from app_public.notifications`)).toEqual(before);
  });
});

describe('documents', () => {
  it('edit with connect and disconnect of child documents in one call', async () => {
    const contract = await one(
      `select id from app_public.documents where type = 'Contract' order by name limit 1`,
    );
    const child = await one(
      `select id from app_public.documents where contract_reference = $1 limit 1`,
      [contract.id],
    );
    // A document of a type that may be under a contract, with its parties and no parent yet
    // (docs/documents.md "The contract hierarchy").
    const loose = await one(
      `insert into app_public.documents (name, type, contractor_id, principal_id)
       select 'Loose amendment', 'Amendment', contractor_id, principal_id from app_public.documents where id = $1
       returning id`,
      [contract.id],
    );
    const result = await as(
      'admin',
      `mutation E($doc: UUID!, $c: [UUID], $d: [UUID]) { editDocument(input: { documentId: $doc, data: { comments: "renewed", expiration_date: null }, connectIds: $c, disconnectIds: $d }) { result { comments expirationDate children { nodes { id } } } } }`,
      { doc: contract.id, c: [loose.id], d: [child.id] },
    );
    const edited = result.data!.editDocument.result;
    expect(edited.comments).toBe('renewed');
    expect(edited.expirationDate).toBeNull();
    const children = edited.children.nodes.map((n: { id: string }) => n.id);
    expect(children).toContain(loose.id);
    expect(children).not.toContain(child.id);
  });

  it('the expiration date cannot be earlier than the signing date', async () => {
    const doc = await one(
      `select id from app_public.documents where signing_date is not null limit 1`,
    );
    const result = await as(
      'admin',
      `mutation E($doc: UUID!) { editDocument(input: { documentId: $doc, data: { expiration_date: "1990-01-01" } }) { result { id } } }`,
      { doc: doc.id },
    );
    expectError(result, 'ExpirationBeforeSigning');
  });

  it('prep values, contracts, and offers (which have no parent contract)', async () => {
    const offer = await as(
      'viewer',
      `{ offers { nodes { id parentName contractReference } } contracts(first: 1) { nodes { type } } }`,
    );
    const offers = offer.data!.offers.nodes;
    expect(offers.length).toBeGreaterThan(0);
    for (const o of offers) expect([o.contractReference, o.parentName]).toEqual([null, null]);
    expect(offer.data!.contracts.nodes[0].type).toBe('Contract');
    const prep = await as(
      'viewer',
      `query P($id: UUID!) { getDocumentPrepVals(documentId: $id) { principalId contractorId } }`,
      { id: offers[0].id },
    );
    expect(prep.data!.getDocumentPrepVals.principalId).toBeTruthy();
    expectError(
      await as(
        'viewer',
        `{ getDocumentPrepVals(documentId: "00000000-0000-0000-0000-000000000000") { principalId } }`,
      ),
      'DocumentNotFound',
      'Document not found',
    );
  });

  it('a user without documents scopes cannot edit', async () => {
    const doc = await one(`select id from app_public.documents limit 1`);
    expectError(
      await as(
        'accountant',
        `mutation E($doc: UUID!) { editDocument(input: { documentId: $doc, data: { comments: "x" } }) { result { id } } }`,
        { doc: doc.id },
      ),
      'DocumentNotFound',
    );
  });
});

describe('roles, accounts and look-ups', () => {
  it('a role needs a name and at least one scope; scopes change by delta', async () => {
    expectError(
      await as(
        'admin',
        `mutation { createRole(input: { name: "Empty", scopes: [] }) { result { id } } }`,
      ),
      'RoleNeedsScope',
      'A role needs at least one scope.',
    );
    expectError(
      await as(
        'admin',
        `mutation { createRole(input: { name: " ", scopes: ["bill:read"] }) { result { id } } }`,
      ),
      'FieldRequired',
    );
    const role = await as(
      'admin',
      `mutation { createRole(input: { name: "Auditor", scopes: ["bill:read", "invoice:read"] }) { result { id } } }`,
    );
    const roleId = role.data!.createRole.result.id;
    const updated = await as(
      'admin',
      `mutation U($id: UUID!) { updateRoleScopes(input: { roleId: $id, add: ["cost:read"], remove: ["bill:read"] }) { result { roleScopes { nodes { scope } } } } }`,
      { id: roleId },
    );
    expect(
      updated
        .data!.updateRoleScopes.result.roleScopes.nodes.map((n: { scope: string }) => n.scope)
        .sort(),
    ).toEqual(['cost:read', 'invoice:read']);
    expectError(
      await as(
        'admin',
        `mutation U($id: UUID!) { updateRoleScopes(input: { roleId: $id, remove: ["cost:read", "invoice:read"] }) { result { id } } }`,
        { id: roleId },
      ),
      'RoleNeedsScope',
    );
    expectError(
      await as(
        'viewer',
        `mutation { createRole(input: { name: "Mine", scopes: ["admin"] }) { result { id } } }`,
      ),
      'Forbidden',
    );
  });

  it('a role in use cannot be deleted (Other entities depend on it.)', async () => {
    const role = await one(`select id from app_public.roles where name = 'viewer'`);
    expectError(
      await as(
        'admin',
        `mutation D($id: UUID!) { deleteRoleById(input: { id: $id }) { role { id } } }`,
        { id: role.id },
      ),
      'IsConstraintViolation',
      'Other entities depend on it.',
    );
  });

  it("setting the default of an unknown account says it doesn't exist", async () => {
    const user = await one(`select id from app_public.users where username = 'viewer'`);
    const missing = '00000000-0000-0000-0000-000000000001';
    expectError(
      await as(
        'admin',
        `mutation S($a: UUID!, $u: UUID!) { setDefaultAccount(input: { accountId: $a, userId: $u }) { result { accountId } } }`,
        { a: missing, u: user.id },
      ),
      'AccountNotFound',
      `Account '${missing}' doesn't exist`,
    );
  });

  it('account scopes, subsidiaries and projects are replaced by add and remove lists', async () => {
    const account = await one(`select id from app_public.accounts where name = 'Viewer'`);
    const sub = await one(
      `select id from app_public.subsidiaries where short_name = 'Northwind UK'`,
    );
    await as(
      'admin',
      `mutation A($id: UUID!, $s: [UUID]) { updateAccountSubsidiaries(input: { accountId: $id, add: $s }) { result { id } } }`,
      { id: account.id, s: [sub.id] },
    );
    await as(
      'admin',
      `mutation A($id: UUID!) { updateAccountScopes(input: { accountId: $id, add: ["create_report"] }) { result { id } } }`,
      { id: account.id },
    );
    const viewer = (await login(t.app, 'viewer')).accessToken;
    const me = await gql(
      t.app,
      `{ currentUser { effectiveScopes } allSubsidiaries { totalCount } }`,
      {},
      viewer,
    );
    expect(me.data!.currentUser.effectiveScopes).toContain('create_report');
    expect(me.data!.allSubsidiaries.totalCount).toBe(1);
    await as(
      'admin',
      `mutation A($id: UUID!, $s: [UUID]) { updateAccountSubsidiaries(input: { accountId: $id, remove: $s }) { result { id } } }`,
      { id: account.id, s: [sub.id] },
    );
    expect(
      (await gql(t.app, `{ allSubsidiaries { totalCount } }`, {}, viewer)).data!.allSubsidiaries
        .totalCount,
    ).toBe(3);
  });

  it('name look-ups match legal_name without case and return the first; searches return at most 25', async () => {
    const found = await as(
      'viewer',
      `{ findClientByName(pattern: "%retail%") { legalName } findSupplierByName(pattern: "acme%") { legalName } searchCurrencies(first: 100) { totalCount nodes { value } } euro: searchCurrencies(pattern: "eur%") { nodes { value } } }`,
    );
    expect(found.data!.findClientByName.legalName).toBe('Alfa Retail JSC');
    expect(found.data!.findSupplierByName.legalName).toBe('Acme Office Supplies Ltd');
    expect(found.data!.searchCurrencies.nodes).toHaveLength(25);
    expect(found.data!.euro.nodes.map((n: { value: string }) => n.value)).toContain('EUR');
  });

  it('a similar company is found before creating one', async () => {
    const result = await as(
      'admin',
      `{ similarCompanies(name: "ACME office supplies, LTD.") { nodes { type legalName } } }`,
    );
    expect(result.data!.similarCompanies.nodes).toEqual([
      { type: 'supplier', legalName: 'Acme Office Supplies Ltd' },
    ]);
  });
});

describe('redirects', () => {
  it('the invoice of a cost is found for redirect', async () => {
    const { invoiceId, costIds } = await draftInvoice();
    const result = await as('accountant', `query G($id: Int!) { getCostInvoiceId(costId: $id) }`, {
      id: costIds[0],
    });
    expect(result.data!.getCostInvoiceId).toBe(invoiceId);
    expectError(
      await as('accountant', `{ getCostInvoiceId(costId: 987654) }`),
      'CostNotFound',
      'Cost not found',
    );
  });
});

describe('contractors and principals', () => {
  it('are unified company lists with name look-ups', async () => {
    const result = await as(
      'viewer',
      `{ contractors(first: 2) { totalCount nodes { type legalName } } principals { totalCount } findPrincipalByName(pattern: "%holding%") { type legalName } findContractorByName(pattern: "%cloud%") { legalName } }`,
    );
    expect(result.data!.contractors.nodes[0].type).toBe('supplier');
    expect(result.data!.principals.totalCount).toBe(3);
    expect(result.data!.findPrincipalByName).toEqual({
      type: 'subsidiary',
      legalName: 'Northwind Holding B.V.',
    });
    expect(result.data!.findContractorByName.legalName).toBe('Bright Cloud Hosting B.V.');
  });
});
