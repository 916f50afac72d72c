// DESIGN §8a "Every refusal is an error with extensions.code and a translated message; nothing
// answers null for 'not allowed'": every mutation of the schema, called by the read-only viewer.
import fs from 'node:fs';
import {
  buildSchema,
  getNamedType,
  isEnumType,
  isInputObjectType,
  isLeafType,
  isListType,
  isNonNullType,
  type GraphQLInputType,
} from 'postgraphile/graphql';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, gql, login, type TestApp } from './helpers.ts';

const schema = buildSchema(
  fs.readFileSync(new URL('../../schema.graphql', import.meta.url), 'utf8'),
);

/** A value literal of the type: required input fields only, plausible scalars. */
function literal(type: GraphQLInputType, depth = 0): string {
  if (isNonNullType(type)) return literal(type.ofType, depth);
  if (isListType(type)) return `[${literal(type.ofType, depth)}]`;
  if (isEnumType(type)) return type.getValues()[0]!.name;
  if (isInputObjectType(type)) {
    const fields = Object.values(type.getFields()).filter(
      (field) => isNonNullType(field.type) && field.defaultValue === undefined,
    );
    if (depth > 4) return '{}';
    return `{ ${fields.map((field) => `${field.name}: ${literal(field.type, depth + 1)}`).join(', ')} }`;
  }
  switch (getNamedType(type).name) {
    case 'Int':
    case 'Float':
      return '1';
    case 'Boolean':
      return 'false';
    case 'UUID':
      return '"00000000-0000-4000-8000-000000000001"';
    case 'Date':
      return '"2026-01-01"';
    case 'Datetime':
      return '"2026-01-01T00:00:00Z"';
    case 'JSON':
      return '"{}"';
    default:
      return '"1"';
  }
}

/** Mutations the viewer may use on their own session, profile and notifications. */
const OWN = new Set([
  'login',
  'logout',
  'refreshAccess',
  'switchAccount',
  'changePassword',
  'updateProfile',
  'markNotificationRead',
  'markAllNotificationsRead',
  'setDefaultAccount',
]);

let t: TestApp;
let viewer: string;

beforeAll(async () => {
  t = await createTestApp();
  viewer = (await login(t.app, 'viewer')).accessToken;
});

describe('every refusal has a code', () => {
  it('every mutation of the schema, called by the read-only viewer, is refused with extensions.code', async () => {
    const fields = Object.values(schema.getMutationType()!.getFields()).filter(
      (field) => field.name !== 'logout',
    );
    expect(fields.length).toBeGreaterThan(80);
    const failures: string[] = [];
    for (const field of fields) {
      const args = field.args
        .filter((arg) => isNonNullType(arg.type))
        .map((arg) => `${arg.name}: ${literal(arg.type)}`);
      const selection = isLeafType(getNamedType(field.type)) ? '' : '{ __typename }';
      const query = `mutation { ${field.name}${args.length ? `(${args.join(', ')})` : ''} ${selection} }`;
      const result = await gql(t.app, query, {}, viewer);
      const error = result.errors?.[0];
      if (!error) {
        if (!OWN.has(field.name)) failures.push(`${field.name}: no error`);
      } else if (!error.extensions?.code) {
        failures.push(`${field.name}: no code (${error.message})`);
      } else if (/^An error occurred/.test(error.message)) {
        failures.push(`${field.name}: masked (${error.extensions.code})`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('a value outside an enumeration is refused with a code (payment method "Card")', async () => {
    const result = await gql(
      t.app,
      `mutation { createInvoicePayment(input: { invoiceId: 1, amount: "1", currency: "EUR",
         paymentDate: "2026-01-01T00:00:00Z", paymentMethod: Card }) { __typename } }`,
      {},
      viewer,
    );
    expect(result.errors?.[0]?.extensions?.code).toBe('InvalidInput');
  });
});

describe('refusals that used to look like something else', () => {
  it('an update the viewer may not make is an error, not a null result', async () => {
    const { rows } = await t.db.owner.query('select id from app_public.projects limit 1');
    const result = await gql(
      t.app,
      `mutation U($id: UUID!) { updateProjectById(input: { id: $id, patch: { name: "Renamed" } }) { project { id } } }`,
      { id: rows[0].id },
      viewer,
    );
    expect(result.errors?.[0]?.extensions?.code).toBe('RecordNotFound');
    const { rows: after } = await t.db.owner.query(
      'select name from app_public.projects where id = $1',
      [rows[0].id],
    );
    expect(after[0].name).not.toBe('Renamed');
  });

  it('editDocument by a reader of the document is Forbidden, not DocumentNotFound', async () => {
    const { rows } = await t.db.owner.query(
      `insert into app_public.document_readers (document_id, user_id)
       select (select id from app_public.documents order by created_at limit 1), id from app_public.users where username = 'accountant'
       returning document_id`,
    );
    const accountant = (await login(t.app, 'accountant')).accessToken;
    const result = await gql(
      t.app,
      `mutation E($id: UUID!) { editDocument(input: { documentId: $id, data: "{\\"name\\": \\"Mine\\"}" }) { result { id } } }`,
      { id: rows[0].document_id },
      accountant,
    );
    expect(result.errors?.[0]?.extensions?.code).toBe('Forbidden');
  });
});

describe('who sees people (docs/permissions.md "People")', () => {
  const PEOPLE = `query P($id: Int!) {
    invoiceById(id: $id) { userByCreatedBy { displayName firstName username isActive createdAt } }
    currentUser { username isActive }
    allUsers { totalCount }
  }`;

  it('the creator of a visible invoice shows by name only; one’s own user and the admin see the details', async () => {
    const { rows } = await t.db.owner.query(
      `select i.id from app_public.invoices i join app_public.users u on u.id = i.created_by
        join app_public.subsidiaries s on s.id = i.subsidiary_id
        where u.username = 'admin' and s.short_name = 'Northwind NL' order by i.id limit 1`,
    );
    const accountant = (await login(t.app, 'accountant')).accessToken;
    const seen = (await gql(t.app, PEOPLE, { id: rows[0].id }, accountant)).data!;
    expect(seen.invoiceById.userByCreatedBy).toMatchObject({
      username: null,
      isActive: null,
      createdAt: null,
    });
    expect(seen.invoiceById.userByCreatedBy.displayName).toBeTruthy();
    expect(seen.currentUser).toEqual({ username: 'accountant', isActive: true });
    expect(seen.allUsers.totalCount).toBeLessThan(5);
    const admin = (await login(t.app, 'admin')).accessToken;
    const all = (await gql(t.app, PEOPLE, { id: rows[0].id }, admin)).data!;
    expect(all.invoiceById.userByCreatedBy).toMatchObject({ username: 'admin', isActive: true });
    expect(all.allUsers.totalCount).toBe(5);
  });
});
