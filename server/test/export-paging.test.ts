// Exports page by cursor (keyset, issue 28 item 6): each page starts after the previous page's
// last row, in the list's order made unique by the primary key, so a late page of a 100,000-row
// export costs what the first does. Paged so, every list the web app exports gives exactly the
// rows, in the same order, that one request for the whole list gives, as accounts that see
// different rows; the count beside the page stays the list's, whatever the cursor.
import fs from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, gql, login, type TestApp } from './helpers.ts';

let t: TestApp;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp();
  for (const username of ['admin', 'accountant', 'manager'])
    tokens[username] = (await login(t.app, username)).accessToken;
});

const document = (file: string) => fs.readFileSync(`web/src/features/${file}`, 'utf8');
const NO_ID = '00000000-0000-0000-0000-000000000000';

/** Each exported list: its document (the one the screen and its export send), field and order. */
const LISTS = [
  {
    list: 'invoices',
    file: 'invoices/AllInvoices.graphql',
    field: 'allInvoices',
    orderBy: ['CREATED_AT_DESC', 'PRIMARY_KEY_ASC'],
  },
  {
    list: 'bills',
    file: 'bills/AllBills.graphql',
    field: 'allBills',
    orderBy: ['INVOICE_DATE_ASC', 'PRIMARY_KEY_ASC'],
  },
  {
    list: 'unpaid bills',
    file: 'bills/UnpaidBills.graphql',
    field: 'allBills',
    orderBy: ['DUE_DATE_ASC', 'PRIMARY_KEY_ASC'],
    variables: { filter: { outstanding: { greaterThan: '0' } } },
  },
  {
    list: 'costs',
    file: 'costs/AllCosts.graphql',
    field: 'allCosts',
    orderBy: ['ID_DESC', 'PRIMARY_KEY_ASC'],
    variables: {
      projectId: NO_ID,
      withProject: false,
      costTypeId: NO_ID,
      withCostType: false,
      subsidiaryId: NO_ID,
      withSubsidiary: false,
      supplierId: NO_ID,
      withSupplier: false,
    },
  },
  {
    list: 'documents',
    file: 'documents/AllDocuments.graphql',
    field: 'allDocuments',
    orderBy: ['SIGNING_DATE_DESC', 'PRIMARY_KEY_ASC'],
  },
  {
    list: 'audit log',
    file: 'admin/audit/AuditLog.graphql',
    field: 'allAuditTrails',
    orderBy: ['CREATED_AT_DESC', 'ID_DESC'],
  },
  {
    list: 'clients',
    file: 'admin/clients/AllClients.graphql',
    field: 'allClients',
    orderBy: ['PRIMARY_KEY_ASC'],
  },
  {
    list: 'suppliers',
    file: 'admin/suppliers/AllSuppliers.graphql',
    field: 'allSuppliers',
    orderBy: ['PRIMARY_KEY_ASC'],
  },
  {
    list: 'projects',
    file: 'admin/projects/AllProjects.graphql',
    field: 'allProjects',
    orderBy: ['PRIMARY_KEY_ASC'],
  },
];

interface Connection {
  totalCount: number;
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
  nodes: ({ id: unknown } | null)[];
}

describe('an export pages by cursor', () => {
  it.each(LISTS.flatMap((list) => ['admin', 'accountant'].map((user) => ({ ...list, user }))))(
    'the $list list by cursor gives every row of the list in its order, once, as $user',
    async ({ file, field, orderBy, variables, user }) => {
      const query = document(file);
      const ask = async (first: number, after: string | null) => {
        const result = await gql<Record<string, Connection>>(
          t.app,
          query,
          { first, offset: 0, after, orderBy, ...variables },
          tokens[user],
        );
        expect(result.errors).toBeUndefined();
        return result.data![field]!;
      };
      // The first 500 rows in one request (every row of the smaller lists).
      const whole = await ask(500, null);
      const ids = whole.nodes.map((node) => node?.id);
      if (user === 'admin') expect(ids.length).toBeGreaterThan(3);
      const paged: unknown[] = [];
      const size = Math.max(2, Math.ceil(ids.length / 6));
      let after: string | null = null;
      while (paged.length < ids.length) {
        const connection = await ask(size, after);
        // The count is the list's, not what is left after the cursor.
        expect(connection.totalCount).toBe(whole.totalCount);
        paged.push(...connection.nodes.map((node) => node?.id));
        if (paged.length < ids.length) expect(connection.pageInfo.hasNextPage).toBe(true);
        else
          expect(connection.pageInfo.hasNextPage).toBe(
            whole.pageInfo.hasNextPage || paged.length > ids.length,
          );
        if (!connection.pageInfo.hasNextPage) break;
        after = connection.pageInfo.endCursor;
      }
      expect(paged.slice(0, ids.length)).toEqual(ids);
    },
  );
});
