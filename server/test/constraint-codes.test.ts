// docs/errors.md "Constraints": a constraint's error code and message live in its comment in SQL
// (`@code <Code>` then the message) and are read when the server starts; no TypeScript map.
import { beforeAll, expect, it } from 'vitest';
import { CONSTRAINT_MESSAGES } from '../src/graphql/errors.ts';
import { parseConstraintComment, readConstraintCodes } from '../src/graphql/constraint-codes.ts';
import { createTestApp, errorCode, gql, login, type TestApp } from './helpers.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await login(t.app, 'admin')).accessToken;
});

it('a comment gives the code, the message on the line after the tags, and an optional constraint name', () => {
  expect(parseConstraintComment('@code NameTaken\nA role with this name exists.\nWhy.')).toEqual({
    code: 'NameTaken',
    message: 'A role with this name exists.',
    constraint: undefined,
  });
  expect(parseConstraintComment('@constraint x_single\n@code PaymentOwner\nOne owner.')).toEqual({
    code: 'PaymentOwner',
    message: 'One owner.',
    constraint: 'x_single',
  });
  expect(parseConstraintComment('@fieldName parent\n@foreignFieldName children')).toBeUndefined();
});

it('the codes are read from the constraints, unique indexes and raising functions of the schema', async () => {
  const codes = await readConstraintCodes(t.db.owner);
  expect(codes.get('invoices_due_date_not_before_invoice_date')?.code).toBe(
    'DueDateBeforeInvoiceDate',
  );
  expect(codes.get('users_username_key')?.code).toBe('UsernameTaken');
  expect(codes.get('payments_single_owner')).toEqual({
    code: 'PaymentOwner',
    message: 'A payment belongs to one invoice or one bill.',
  });
  expect(codes.size).toBeGreaterThanOrEqual(25);
  // None left in TypeScript on main.
  expect(CONSTRAINT_MESSAGES).toEqual({});
});

it('a violated constraint answers the code and message of its comment', async () => {
  const { rows } = await t.db.owner.query<{ name: string }>(
    'select name from app_public.roles limit 1',
  );
  const result = await gql(
    t.app,
    'mutation($name: String!) { createRole(input: { name: $name, scopes: ["invoice:read"] }) { clientMutationId } }',
    { name: rows[0]!.name },
    admin,
  );
  expect(errorCode(result)).toBe('RoleNameTaken');
  expect(result.errors![0]!.message).toBe('A role with this name already exists.');
});

it('a constraint commented in a new migration is read without a change to the server', async () => {
  await t.db.owner.query(`alter table app_public.services add constraint services_name_not_x
    check (name <> 'x') not valid`);
  await t.db.owner.query(
    `comment on constraint services_name_not_x on app_public.services is E'@code InvalidInput\\nNot x.'`,
  );
  const codes = await readConstraintCodes(t.db.owner);
  expect(codes.get('services_name_not_x')).toEqual({ code: 'InvalidInput', message: 'Not x.' });
});
