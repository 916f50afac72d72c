// The invoice wizard's one write and the costs table's bulk actions (issue 12, docs/invoices.md):
// createInvoiceWithCosts is all or nothing and runs as the caller (RLS, SPEC §5 rules), the likely
// duplicates are the visible ones, the USD rate is the one the cost amounts use, and
// approveCosts / rejectCosts change every cost or none.
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, gql, login, type GraphQLResult, type TestApp } from './helpers.ts';

let t: TestApp;
const token: Record<string, string> = {};
const ids = {} as { nl: string; ru: string; supplier: string; project: string; costType: string };

const as = (user: string, query: string, variables: Record<string, unknown> = {}) =>
  gql(t.app, query, variables, token[user]);

async function one<T = any>(sql: string, params: unknown[] = []): Promise<T> {
  const { rows } = await t.db.owner.query(sql, params);
  return rows[0] as T;
}

function codeOf(result: GraphQLResult) {
  return result.errors?.[0]?.extensions?.code;
}

const CREATE = `mutation Create($type: InvoiceType, $ref: String!, $date: Date!, $due: Date, $currency: String!,
  $subsidiary: UUID!, $supplier: UUID!, $defaultType: UUID, $costs: JSON!, $files: [UUID]) {
  createInvoiceWithCosts(input: { invoiceType: $type, invoiceRef: $ref, invoiceDate: $date, dueDate: $due,
    currency: $currency, subsidiaryId: $subsidiary, supplierId: $supplier, defaultCostTypeId: $defaultType,
    costs: $costs, fileIds: $files }) {
    result { id status amount amountWVat amountUsd amountUsdWVat subsidiaryId }
  }
}`;

const refOf = () => `WZ-${Math.random().toString(36).slice(2, 10)}`;

function cost(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Hosting',
    amount: '100.10',
    vat: '21',
    period: 10,
    year: 2026,
    project_id: ids.project,
    to_bill: true,
    ...overrides,
  };
}

function create(user: string, ref: string, overrides: Record<string, unknown> = {}) {
  return as(user, CREATE, {
    type: 'regular',
    ref,
    date: '2026-10-15',
    due: '2026-11-15',
    currency: 'EUR',
    subsidiary: ids.nl,
    supplier: ids.supplier,
    costs: [cost(), cost({ name: 'Licences', amount: '0.15', vat: '20', to_bill: false })],
    ...overrides,
  });
}

const invoicesWithRef = async (ref: string) =>
  Number(
    (await one(`select count(*) from app_public.invoices where invoice_ref = $1`, [ref])).count,
  );

async function uploadedFile(username: string) {
  const row = await one<{ id: string }>(
    `insert into app_public.files (name, content_type, size, sha256, uploaded_by, expires_at)
     select 'scan.pdf', 'application/pdf', 10, encode(sha256(gen_random_uuid()::text::bytea), 'hex'), u.id,
            now() + interval '1 day'
       from app_public.users u where u.username = $1 returning id`,
    [username],
  );
  return row.id;
}

beforeAll(async () => {
  t = await createTestApp();
  for (const user of ['admin', 'accountant', 'manager', 'viewer']) {
    token[user] = (await login(t.app, user)).accessToken;
  }
  Object.assign(
    ids,
    await one(`select
      (select id from app_public.subsidiaries where short_name = 'Northwind NL') as nl,
      (select id from app_public.subsidiaries where short_name = 'Northwind RU') as ru,
      (select id from app_public.suppliers order by legal_name limit 1) as supplier,
      (select id from app_public.projects where access_key = 'ops.platform') as project,
      (select id from app_public.cost_types order by name limit 1) as "costType"`),
  );
  // The rates the USD amounts use: the latest on or before the invoice date.
  await t.db.owner.query(
    `insert into app_public.exchange_rates (currency, rate_date, usd_per_unit) values
       ('EUR', '2026-10-14', 1.08000000), ('EUR', '2026-10-16', 2.00000000)
     on conflict (currency, rate_date) do update set usd_per_unit = excluded.usd_per_unit`,
  );
});

describe('createInvoiceWithCosts (the invoice wizard)', () => {
  it('creates the invoice, its costs and attaches the uploaded file in one call', async () => {
    const ref = refOf();
    const file = await uploadedFile('accountant');
    const result = await create('accountant', ref, { files: [file], defaultType: ids.costType });
    expect(result.errors).toBeUndefined();
    const invoice = result.data!.createInvoiceWithCosts.result;
    expect(invoice).toMatchObject({
      status: 'draft',
      subsidiaryId: ids.nl,
      amount: '100.25',
      // round(100.10 × 1.21, 2) + round(0.15 × 1.20, 2) = 121.12 + 0.18
      amountWVat: '121.30',
      // USD at the rate of 2026-10-14 (1.08), each cost rounded: 108.11 + 0.16
      amountUsd: '108.27',
      amountUsdWVat: '131.00',
    });
    const costs = (
      await t.db.owner.query(
        `select name, amount, vat, to_bill, cost_type_id, project_id, period, year, status, currency
           from app_public.costs where invoice_id = $1 order by id`,
        [invoice.id],
      )
    ).rows;
    expect(costs).toMatchObject([
      { name: 'Hosting', amount: '100.10', to_bill: true, cost_type_id: ids.costType },
      { name: 'Licences', amount: '0.15', to_bill: false, cost_type_id: ids.costType },
    ]);
    expect(costs.every((c) => c.status === 'to_approve' && c.currency === 'EUR')).toBe(true);
    const attached = await one(
      `select count(*) from app_public.invoices_files where invoice_id = $1 and file_id = $2`,
      [invoice.id, file],
    );
    expect(Number(attached.count)).toBe(1);
    // Attached, the upload no longer expires.
    expect(
      (await one(`select expires_at from app_public.files where id = $1`, [file])).expires_at,
    ).toBeNull();
  });

  it('all or nothing: a cost with a period later than this month (SPEC §5) leaves no invoice', async () => {
    const ref = refOf();
    const result = await create('accountant', ref, {
      costs: [cost(), cost({ period: 12, year: 2099 })],
    });
    expect(codeOf(result)).toBe('PeriodInFuture');
    expect(await invoicesWithRef(ref)).toBe(0);
  });

  it('all or nothing: VAT above 100 (SPEC §5) on the second cost leaves no invoice', async () => {
    const ref = refOf();
    const result = await create('accountant', ref, { costs: [cost(), cost({ vat: '101' })] });
    expect(codeOf(result)).toBe('VatOutOfRange');
    expect(await invoicesWithRef(ref)).toBe(0);
  });

  it('all or nothing: a file the account cannot see leaves no invoice and no costs', async () => {
    const ref = refOf();
    const costsBefore = Number((await one(`select count(*) from app_public.costs`)).count);
    const foreign = await uploadedFile('admin');
    const result = await create('accountant', ref, { files: [foreign] });
    expect(result.errors).toBeDefined();
    expect(await invoicesWithRef(ref)).toBe(0);
    expect(Number((await one(`select count(*) from app_public.costs`)).count)).toBe(costsBefore);
  });

  it('the due date cannot be earlier than the invoice date (SPEC §5)', async () => {
    const ref = refOf();
    const result = await create('accountant', ref, { due: '2026-10-01' });
    expect(codeOf(result)).toBe('DueDateBeforeInvoiceDate');
    expect(await invoicesWithRef(ref)).toBe(0);
  });

  it('an invoice needs at least one cost', async () => {
    const ref = refOf();
    const result = await create('accountant', ref, { costs: [] });
    expect(codeOf(result)).toBe('CostsRequired');
    expect(await invoicesWithRef(ref)).toBe(0);
  });

  it('RLS: the accountant cannot create in a subsidiary it may not use', async () => {
    const ref = refOf();
    const result = await create('accountant', ref, { subsidiary: ids.ru, currency: 'RUB' });
    // The subsidiary is not one it can see: the reference check refuses it (docs/permissions.md).
    expect(codeOf(result)).toBe('ReferenceNotFound');
    expect(await invoicesWithRef(ref)).toBe(0);
    // The administrator may.
    const admin = await create('admin', refOf(), { subsidiary: ids.ru, currency: 'EUR' });
    expect(admin.errors).toBeUndefined();
    expect(admin.data!.createInvoiceWithCosts.result.subsidiaryId).toBe(ids.ru);
  });

  it('read-only accounts (viewer, manager) cannot create invoices', async () => {
    for (const user of ['viewer', 'manager']) {
      const ref = refOf();
      expect(codeOf(await create(user, ref))).toBe('Forbidden');
      expect(await invoicesWithRef(ref)).toBe(0);
    }
  });
});

describe('likelyDuplicateInvoices', () => {
  const DUPLICATES = `query D($supplier: UUID!, $ref: String!, $date: Date!, $amount: BigFloat!) {
    likelyDuplicateInvoices(supplierId: $supplier, invoiceRef: $ref, invoiceDate: $date, amountWVat: $amount) {
      nodes { id invoiceRef }
    }
  }`;

  it('finds the same supplier and number, or the same supplier, amount with VAT and date', async () => {
    const ref = refOf();
    const created = await create('accountant', ref);
    const id = created.data!.createInvoiceWithCosts.result.id;
    const found = async (vars: Record<string, unknown>) =>
      (
        await as('accountant', DUPLICATES, {
          supplier: ids.supplier,
          ref: 'other',
          date: '2000-01-01',
          amount: '1',
          ...vars,
        })
      ).data!.likelyDuplicateInvoices.nodes.map((n: { id: number }) => n.id);
    expect(await found({ ref: ` ${ref.toLowerCase()} ` })).toContain(id);
    expect(await found({ date: '2026-10-15', amount: '121.30' })).toContain(id);
    expect(await found({ date: '2026-10-15', amount: '121.31' })).not.toContain(id);
  });

  it('only among the invoices the account can see', async () => {
    const ref = refOf();
    await create('admin', ref, { subsidiary: ids.ru });
    const seen = await as('accountant', DUPLICATES, {
      supplier: ids.supplier,
      ref,
      date: '2000-01-01',
      amount: '1',
    });
    expect(seen.data!.likelyDuplicateInvoices.nodes).toEqual([]);
    const admin = await as('admin', DUPLICATES, {
      supplier: ids.supplier,
      ref,
      date: '2000-01-01',
      amount: '1',
    });
    expect(admin.data!.likelyDuplicateInvoices.nodes).toHaveLength(1);
  });
});

describe('usdRate', () => {
  it('is the latest rate on or before the date, as the cost amounts in USD use', async () => {
    const rate = async (date: string) =>
      (
        await as('accountant', `query R($d: Date!) { usdRate(currency: "EUR", onDate: $d) }`, {
          d: date,
        })
      ).data!.usdRate;
    expect(await rate('2026-10-15')).toBe('1.08000000');
    expect(await rate('2026-10-16')).toBe('2.00000000');
    expect(await rate('2026-10-15')).not.toBe(await rate('2026-10-16'));
  });

  it('a currency without a rate is MissingExchangeRate', async () => {
    const result = await as('accountant', `{ usdRate(currency: "EUR", onDate: "1990-01-01") }`);
    expect(codeOf(result)).toBe('MissingExchangeRate');
  });
});

describe('approveCosts and rejectCosts (costs table bulk actions)', () => {
  const APPROVE = `mutation A($ids: [Int]!) { approveCosts(input: { ids: $ids }) { result { id status } } }`;
  const REJECT = `mutation R($ids: [Int]!, $reason: String) {
    rejectCosts(input: { ids: $ids, reason: $reason }) { result { id status rejectReason } } }`;

  // Entered by the admin: the accountant, who did not create them, approves (segregation of duties).
  async function twoCosts() {
    const created = await create('admin', refOf());
    const invoiceId = created.data!.createInvoiceWithCosts.result.id;
    const { rows } = await t.db.owner.query<{ id: number }>(
      `select id from app_public.costs where invoice_id = $1 order by id`,
      [invoiceId],
    );
    return rows.map((r) => r.id);
  }
  const statuses = async (costIds: number[]) =>
    (
      await t.db.owner.query(
        `select status::text from app_public.costs where id = any($1) order by id`,
        [costIds],
      )
    ).rows.map((r) => r.status);

  it('approves every cost given', async () => {
    const costIds = await twoCosts();
    const result = await as('accountant', APPROVE, { ids: costIds });
    expect(result.errors).toBeUndefined();
    expect(await statuses(costIds)).toEqual(['approved', 'approved']);
  });

  it('all or nothing: one cost that cannot be approved leaves the others to approve', async () => {
    const costIds = await twoCosts();
    await as('accountant', APPROVE, { ids: [costIds[1]] });
    const result = await as('accountant', APPROVE, { ids: costIds });
    expect(codeOf(result)).toBe('CannotChangeStatus');
    expect(await statuses(costIds)).toEqual(['to_approve', 'approved']);
  });

  it('an account without approve_cost (manager) changes nothing', async () => {
    const costIds = await twoCosts();
    const result = await as('manager', APPROVE, { ids: costIds });
    expect(result.errors).toBeDefined();
    expect(await statuses(costIds)).toEqual(['to_approve', 'to_approve']);
  });

  it('rejecting needs a reason and then rejects every cost given with it', async () => {
    const costIds = await twoCosts();
    expect(codeOf(await as('accountant', REJECT, { ids: costIds, reason: '  ' }))).toBe(
      'ReasonRequired',
    );
    expect(await statuses(costIds)).toEqual(['to_approve', 'to_approve']);
    const result = await as('accountant', REJECT, { ids: costIds, reason: 'Wrong project' });
    expect(result.errors).toBeUndefined();
    expect(result.data!.rejectCosts.result).toMatchObject([
      { status: 'rejected', rejectReason: 'Wrong project' },
      { status: 'rejected', rejectReason: 'Wrong project' },
    ]);
  });

  it('RLS: a cost of a subsidiary the accountant may not use is not found, and nothing changes', async () => {
    const own = await twoCosts();
    const other = await create('admin', refOf(), { subsidiary: ids.ru });
    const { rows } = await t.db.owner.query<{ id: number }>(
      `select id from app_public.costs where invoice_id = $1 order by id`,
      [other.data!.createInvoiceWithCosts.result.id],
    );
    const foreign = rows.map((r) => r.id);
    const result = await as('accountant', APPROVE, { ids: [...own, ...foreign] });
    expect(codeOf(result)).toBe('CostNotFound');
    expect(await statuses([...own, ...foreign])).toEqual([
      'to_approve',
      'to_approve',
      'to_approve',
      'to_approve',
    ]);
  });

  it('no ids is IdsRequired', async () => {
    expect(codeOf(await as('accountant', APPROVE, { ids: [] }))).toBe('IdsRequired');
  });
});
