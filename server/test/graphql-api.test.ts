// The generated API and its hardening (issue: lists with filter/orderBy/first/offset/totalCount,
// depth and page-size limits, body limit, production mode, error codes of SPEC §8).
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { COUNT_CAP } from '../src/graphql/plugins/capped-count.ts';
import { MAX_PAGE_SIZE } from '../src/graphql/plugins/page-size-cap.ts';
import { MAX_QUERY_DEPTH } from '../src/graphql/plugins/validation-rules.ts';
import { documentId } from '../src/graphql/trusted-documents.ts';
import {
  createTestApp,
  errorCode,
  gql,
  login,
  type GraphQLResult,
  type TestApp,
} from './helpers.ts';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await login(t.app, 'admin')).accessToken;
});

describe('lists (SPEC §7 queries)', () => {
  it.each([
    'allBills',
    'allInvoices',
    'allCosts',
    'allPayments',
    'allDocuments',
    'allClients',
    'allCostTypes',
    'allProjects',
    'allRoles',
    'allServices',
    'allSubsidiaries',
    'allSuppliers',
    'allUsers',
  ])('%s takes filter, orderBy, first, offset and returns totalCount', async (list) => {
    const result = await gql(
      t.app,
      `{ ${list}(first: 2, offset: 1, orderBy: [PRIMARY_KEY_DESC], filter: {}) { totalCount nodes { nodeId } } }`,
      {},
      admin,
    );
    expect(result.errors).toBeUndefined();
    expect(result.data![list].totalCount).toBeGreaterThan(2);
    expect(result.data![list].nodes).toHaveLength(2);
  });

  it.each(['admin', 'accountant', 'manager', 'viewer'])(
    'cappedCount equals totalCount below the cap, with a filter, as %s',
    async (username) => {
      const token = (await login(t.app, username)).accessToken;
      for (const list of ['allInvoices', 'allCosts', 'allBills', 'allDocuments', 'allSuppliers']) {
        const result = await gql(
          t.app,
          `query($offset: Int!) { all: ${list}(first: 1) { totalCount cappedCount }
             some: ${list}(first: 1, filter: { createdAt: { greaterThan: "2000-01-01" } }, orderBy: [CREATED_AT_DESC]) { totalCount cappedCount }
             later: ${list}(first: 1, offset: $offset, orderBy: [CREATED_AT_DESC]) { totalCount cappedCount } }`,
          { offset: 2 },
          token,
        );
        expect(result.errors, list).toBeUndefined();
        expect(result.data!.all.cappedCount, list).toBe(result.data!.all.totalCount);
        expect(result.data!.some.cappedCount, list).toBe(result.data!.some.totalCount);
        expect(result.data!.later.cappedCount, list).toBe(result.data!.later.totalCount);
      }
    },
  );

  it(`cappedCount stops at ${COUNT_CAP} + 1 when there are more rows, on any page`, async () => {
    await t.db.owner.query(
      `insert into app_public.exchange_rates (currency, rate_date, usd_per_unit)
       select 'AFN', date '1900-01-01' + n, 2000 from generate_series(0, ${COUNT_CAP + 50}) n
       on conflict do nothing`,
    );
    for (const offset of [0, 990]) {
      const result = await gql(
        t.app,
        `query($offset: Int!) { allExchangeRates(first: 2, offset: $offset, orderBy: [RATE_DATE_DESC], filter: { currency: { equalTo: "AFN" } }) { totalCount cappedCount nodes { rateDate } } }`,
        { offset },
        admin,
      );
      expect(result.errors).toBeUndefined();
      expect(result.data!.allExchangeRates.totalCount).toBeGreaterThan(COUNT_CAP + 50);
      expect(result.data!.allExchangeRates.cappedCount).toBe(COUNT_CAP + 1);
      expect(result.data!.allExchangeRates.nodes).toHaveLength(2);
    }
  });

  it('filters and sorts invoices with nulls first or last', async () => {
    const query = (order: string) =>
      gql(
        t.app,
        `{ allInvoices(first: 3, orderBy: [${order}, ID_ASC], filter: { currency: { equalTo: "EUR" } }) { nodes { currency validatedBy } } }`,
        {},
        admin,
      );
    const first = (await query('VALIDATED_BY_ASC_NULLS_FIRST')).data!.allInvoices.nodes;
    const last = (await query('VALIDATED_BY_ASC_NULLS_LAST')).data!.allInvoices.nodes;
    expect(first[0].validatedBy).toBeNull();
    expect(last[0].validatedBy).not.toBeNull();
    expect(first.every((n: { currency: string }) => n.currency === 'EUR')).toBe(true);
  });

  it('money comes as exact decimal strings', async () => {
    const result = await gql(
      t.app,
      `{ allCosts(first: 1) { nodes { amount amountWVat vat } } }`,
      {},
      admin,
    );
    const cost = result.data!.allCosts.nodes[0];
    expect(typeof cost.amount).toBe('string');
    expect(cost.amount).toMatch(/^\d+\.\d{2}$/);
  });

  it('single-record queries by key', async () => {
    const invoice = await gql(t.app, `{ allInvoices(first: 1) { nodes { id } } }`, {}, admin);
    const id = invoice.data!.allInvoices.nodes[0].id;
    const single = await gql(
      t.app,
      `query I($id: Int!) { invoiceById(id: $id) { id invoiceRef subsidiary { legalName } supplier { legalName } } }`,
      { id },
      admin,
    );
    expect(single.data!.invoiceById.id).toBe(id);
    expect(single.data!.invoiceById.supplier.legalName).toBeTruthy();
  });

  it('GET works for short queries', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/graphql?query=${encodeURIComponent('{ allCurrencies(first: 1) { totalCount } }')}`,
      headers: { authorization: `Bearer ${admin}`, accept: 'application/json' },
    });
    expect(response.json().data.allCurrencies.totalCount).toBeGreaterThan(150);
  });
});

describe('hardening', () => {
  it(`a page larger than ${MAX_PAGE_SIZE} rows is refused, literal or variable`, async () => {
    expect(
      errorCode(
        await gql(t.app, `{ allCosts(first: ${MAX_PAGE_SIZE + 1}) { totalCount } }`, {}, admin),
      ),
    ).toBe('PageSizeExceeded');
    expect(
      errorCode(
        await gql(
          t.app,
          `query Q($n: Int) { allCosts(first: $n) { nodes { id } } }`,
          { n: 2147483647 },
          admin,
        ),
      ),
    ).toBe('PageSizeExceeded');
    expect(
      (await gql(t.app, `{ allCosts(first: ${MAX_PAGE_SIZE}) { nodes { id } } }`, {}, admin))
        .errors,
    ).toBeUndefined();
  });

  it(`a query deeper than ${MAX_QUERY_DEPTH} levels is refused`, async () => {
    let selection = 'id';
    for (let i = 0; i < 6; i++)
      selection = `invoice { costs(first: 1) { nodes { ${selection} } } }`;
    const deep = await gql(t.app, `{ allCosts(first: 1) { nodes { ${selection} } } }`, {}, admin);
    expect(errorCode(deep)).toBe('QueryTooDeep');
  });

  it('a request body over 100 kB is refused with 413', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ query: `{ __typename }`, variables: { pad: 'x'.repeat(120_000) } }),
    });
    expect(response.statusCode).toBe(413);
  });

  it('Ruru is served at /graphiql outside production', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/graphiql' });
    expect(response.statusCode).toBe(200);
  });

  it('in production, introspection and Ruru are off: introspection is not a trusted document, and is refused even as one', async () => {
    const schemaQuery = `{ __schema { types { name } } }`;
    const prod = await createTestApp(
      { production: true },
      { trustedDocuments: { [documentId(schemaQuery)]: schemaQuery } },
    );
    expect(errorCode(await gql(prod.app, `{ __schema { queryType { name } } }`))).toBe(
      'UnknownOperation',
    );
    const trusted = await prod.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json' },
      payload: { documentId: documentId(schemaQuery) },
    });
    const introspection = trusted.json() as GraphQLResult;
    expect(introspection.data).toBeUndefined();
    expect(introspection.errors?.[0]?.message).toMatch(/introspection/i);
    expect(introspection.errors?.[0]?.extensions?.code).toBe('IntrospectionDisabled');
    expect((await prod.app.inject({ method: 'GET', url: '/graphiql' })).statusCode).toBe(404);
    const page = await prod.app.inject({
      method: 'GET',
      url: '/graphql',
      headers: { accept: 'text/html' },
    });
    expect(page.body).not.toMatch(/ruru/i);
  });

  it('a bad filter is reported without internals', async () => {
    const result = await gql(
      t.app,
      `{ allInvoices(filter: { currency: { equalTo: null } }) { totalCount } }`,
      {},
      admin,
    );
    expect(errorCode(result)).toBe('InvalidFilter');
    expect(JSON.stringify(result)).not.toMatch(/stack|node_modules/);
  });
});

describe('client error reports (SPEC §9)', () => {
  it('are logged as one structured line each, small and without a session', async () => {
    const lines: string[] = [];
    const spy = vi
      .spyOn(console, 'error')
      .mockImplementation((line: string) => void lines.push(line));
    try {
      const sent = await t.app.inject({
        method: 'POST',
        url: '/api/client-errors',
        payload: {
          kind: 'error',
          message: 'boom',
          stack: 'at x',
          route: '/invoices',
          version: '1.4.2',
        },
      });
      expect(sent.statusCode).toBe(204);
      const logged = JSON.parse(lines.find((line) => line.includes('client-error'))!);
      expect(logged).toMatchObject({
        type: 'client-error',
        kind: 'error',
        message: 'boom',
        route: '/invoices',
      });
      const large = await t.app.inject({
        method: 'POST',
        url: '/api/client-errors',
        payload: { message: 'x'.repeat(10_000) },
      });
      expect(large.statusCode).toBe(413);
    } finally {
      spy.mockRestore();
    }
  });
});

describe('lists sort and filter by what the screens need', () => {
  it('amounts of invoices, costs and bills; client and supplier names and tax ids; bill names; usernames', async () => {
    const result = await gql(
      t.app,
      `{ invoices: allInvoices(first: 5, orderBy: [AMOUNT_W_VAT_DESC]) { nodes { amountWVat } }
         costs: allCosts(first: 5, orderBy: [AMOUNT_USD_DESC], filter: { amount: { greaterThan: "100" } }) { nodes { amountUsd amount } }
         bills: allBills(first: 5, orderBy: [NAME_ASC]) { nodes { name } }
         clients: allClients(first: 5, orderBy: [TAX_ID_ASC], filter: { legalName: { includesInsensitive: "a" } }) { nodes { taxId } }
         suppliers: allSuppliers(first: 5, orderBy: [SHORT_NAME_ASC]) { nodes { shortName } }
         users: allUsers(orderBy: [USERNAME_ASC]) { nodes { username } } }`,
      {},
      admin,
    );
    expect(result.errors).toBeUndefined();
    const d = result.data!;
    const amounts = d.invoices.nodes.map((n: { amountWVat: string }) => Number(n.amountWVat));
    expect(amounts).toEqual([...amounts].sort((a, b) => b - a));
    expect(d.costs.nodes.every((n: { amount: string }) => Number(n.amount) > 100)).toBe(true);
    const names = d.bills.nodes.map((n: { name: string }) => n.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(d.users.nodes.map((n: { username: string }) => n.username)).toEqual([
      'accountant',
      'admin',
      'blocked',
      'manager',
      'viewer',
    ]);
  });
});

describe('error codes (SPEC §8)', () => {
  it('deleting a referenced record gives IsConstraintViolation, "Other entities depend on it."', async () => {
    const project = await gql(
      t.app,
      `{ allProjects(filter: { accessKey: { equalTo: "ops.platform" } }) { nodes { id } } }`,
      {},
      admin,
    );
    const result = await gql(
      t.app,
      `mutation D($id: UUID!) { deleteProjectById(input: { id: $id }) { project { id } } }`,
      { id: project.data!.allProjects.nodes[0].id },
      admin,
    );
    expect(errorCode(result)).toBe('IsConstraintViolation');
    expect(result.errors![0]!.message).toBe('Other entities depend on it.');
  });

  it('names of cost types, services and projects are unique whatever their case (NameTaken)', async () => {
    const { rows } = await t.db.owner.query(
      `select (select name from app_public.cost_types order by name limit 1) as cost_type,
              (select name from app_public.services order by name limit 1) as service,
              (select name from app_public.projects order by name limit 1) as project`,
    );
    const attempts = [
      `mutation { createCostType(input: { costType: { name: ${JSON.stringify(` ${rows[0].cost_type.toUpperCase()} `)} } }) { costType { id } } }`,
      `mutation { createService(input: { service: { name: ${JSON.stringify(rows[0].service.toLowerCase())} } }) { service { id } } }`,
      `mutation { createProject(input: { project: { name: ${JSON.stringify(rows[0].project.toUpperCase())}, accessKey: "unique.test" } }) { project { id } } }`,
    ];
    for (const attempt of attempts) {
      const result = await gql(t.app, attempt, {}, admin);
      expect(errorCode(result), attempt).toBe('NameTaken');
      expect(result.errors![0]!.message).toMatch(/with this name already exists/);
    }
  });

  it('an unreferenced record is deleted', async () => {
    const created = await gql(
      t.app,
      `mutation { createCostType(input: { costType: { name: "Temporary" } }) { costType { id } } }`,
      {},
      admin,
    );
    const id = created.data!.createCostType.costType.id;
    const deleted = await gql(
      t.app,
      `mutation D($id: UUID!) { deleteCostTypeById(input: { id: $id }) { costType { name } } }`,
      { id },
      admin,
    );
    expect(deleted.data!.deleteCostTypeById.costType.name).toBe('Temporary');
  });

  it.each([
    [
      'client tax id of 10 or 12 digits',
      `createClient(input: { client: { legalName: "X", taxId: "123" } }) { client { id } }`,
      'InvalidTaxId',
    ],
    [
      'tax reason code of 9 digits',
      `createClient(input: { client: { legalName: "X", taxReasonCode: "12" } }) { client { id } }`,
      'InvalidTaxReasonCode',
    ],
    [
      'registration number of 13 to 15 digits',
      `createClient(input: { client: { legalName: "X", registrationNumber: "1" } }) { client { id } }`,
      'InvalidRegistrationNumber',
    ],
    [
      'name required',
      `createClient(input: { client: { legalName: "  " } }) { client { id } }`,
      'FieldRequired',
    ],
    [
      'country required for suppliers',
      `createSupplier(input: { supplier: { legalName: "S", country: "" } }) { supplier { id } }`,
      'CountryRequired',
    ],
    [
      'project access key charset',
      `createProject(input: { project: { name: "P", accessKey: "bad key!" } }) { project { id } }`,
      'InvalidAccessKey',
    ],
  ])('%s', async (_rule, mutation, code) => {
    expect(errorCode(await gql(t.app, `mutation { ${mutation} }`, {}, admin))).toBe(code);
  });

  it('an invalid project access pattern shows the invalid-token message', async () => {
    const account = await gql(t.app, `{ allAccounts(first: 1) { nodes { id } } }`, {}, admin);
    const result = await gql(
      t.app,
      `mutation U($id: UUID!) { updateAccountById(input: { id: $id, patch: { accessPatternProjects: "ops/*" } }) { account { id } } }`,
      { id: account.data!.allAccounts.nodes[0].id },
      admin,
    );
    expect(errorCode(result)).toBe('InvalidAccessToken');
  });

  it('a write without the scope gives Forbidden', async () => {
    const viewer = (await login(t.app, 'viewer')).accessToken;
    expect(
      errorCode(
        await gql(
          t.app,
          `mutation { createService(input: { service: { name: "X" } }) { service { id } } }`,
          {},
          viewer,
        ),
      ),
    ).toBe('Forbidden');
  });
});

describe('page size default', () => {
  it(`a list asked for without first or last returns at most ${MAX_PAGE_SIZE} rows`, async () => {
    await t.db.owner.query(
      `insert into app_public.exchange_rates (currency, rate_date, usd_per_unit)
       select 'NOK', date '2000-01-01' + g, 0.1 from generate_series(1, 700) g`,
    );
    const result = await gql(
      t.app,
      `{ allExchangeRates { totalCount nodes { rateDate } } }`,
      {},
      admin,
    );
    expect(result.data!.allExchangeRates.totalCount).toBeGreaterThan(MAX_PAGE_SIZE);
    expect(result.data!.allExchangeRates.nodes).toHaveLength(MAX_PAGE_SIZE);
    const last = await gql(
      t.app,
      `{ allExchangeRates(last: 3, orderBy: [PRIMARY_KEY_ASC]) { nodes { rateDate } } }`,
      {},
      admin,
    );
    expect(last.data!.allExchangeRates.nodes).toHaveLength(3);
    expect(
      errorCode(await gql(t.app, `{ allExchangeRates(last: 501) { totalCount } }`, {}, admin)),
    ).toBe('PageSizeExceeded');
  });
});
