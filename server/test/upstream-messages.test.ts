// server/src/graphql/upstream-messages.ts: each message the server recognises from another project
// is provoked for real here, so an upgrade that rewords one fails this file instead of turning a
// coded refusal into a masked error. Also: the GraphQL packages stay pinned, and the capped count
// refuses to start on a @dataplan/pg without the internals it uses.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkSelectInternals } from '../src/graphql/plugins/capped-count.ts';
import { codeFor } from '../src/graphql/request-errors.ts';
import {
  CONNECTION_LOST,
  FORBIDDEN_FILTER,
  INTROSPECTION_REFUSED,
  INVALID_INPUT,
  isDatabaseUnreachable,
  NO_NEW_VALUES,
  NO_ROW_DELETED,
  STILL_REFERRED_TO,
} from '../src/graphql/upstream-messages.ts';
import { createTestApp, errorCode, gql, login, type TestApp } from './helpers.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await login(t.app, 'admin')).accessToken;
});

/** The raw message of the first error, as the server logs it before masking. */
async function rawError(run: () => Promise<unknown>): Promise<Error & { code?: string }> {
  try {
    await run();
  } catch (error) {
    return error as Error & { code?: string };
  }
  throw new Error('expected an error');
}

describe('PostGraphile and the connection filter', () => {
  it('FORBIDDEN_FILTER: a null in a filter (connection filter) is InvalidFilter', async () => {
    const result = await gql(
      t.app,
      `{ allInvoices(filter: { currency: { equalTo: null } }) { totalCount } }`,
      {},
      admin,
    );
    expect(errorCode(result)).toBe('InvalidFilter');
    expect(result.errors![0]!.message).toMatch(FORBIDDEN_FILTER);
  });

  it('NO_ROW_DELETED: a generated delete of a row one cannot see is RecordNotFound', async () => {
    const result = await gql(
      t.app,
      `mutation($id: UUID!) { deleteNotificationById(input: { id: $id }) { clientMutationId } }`,
      { id: randomUUID() },
      admin,
    );
    expect(errorCode(result)).toBe('RecordNotFound');
    expect('No values were deleted in collection notifications').toMatch(NO_ROW_DELETED);
  });

  it('NO_NEW_VALUES: a generated update with an empty patch is NoChanges', async () => {
    const { rows } = await t.db.owner.query<{ id: string }>(
      'select id from app_public.clients limit 1',
    );
    const result = await gql(
      t.app,
      `mutation($id: UUID!) { updateClientById(input: { id: $id, patch: {} }) { clientMutationId } }`,
      { id: rows[0]!.id },
      admin,
    );
    expect(errorCode(result)).toBe('NoChanges');
    expect('Attempted to update a record, but no new values were specified.').toMatch(
      NO_NEW_VALUES,
    );
  });
});

describe('PostgreSQL and node-postgres', () => {
  it('STILL_REFERRED_TO: deleting a row others refer to, not writing a dangling reference', async () => {
    // Every foreign key of the schema says what a delete does, so two tables of the test's own.
    const client = await t.db.owner.connect();
    try {
      await client.query(`create temp table parent (id int primary key);
        create temp table child (parent_id int references parent);
        insert into parent values (1); insert into child values (1);`);
      const deleting = await rawError(() => client.query('delete from parent'));
      expect(deleting.code).toBe('23503');
      expect(deleting.message).toMatch(STILL_REFERRED_TO);
      const inserting = await rawError(() => client.query('insert into child values (2)'));
      expect(inserting.code).toBe('23503');
      expect(inserting.message).not.toMatch(STILL_REFERRED_TO);
    } finally {
      client.release(true);
    }
  });

  it('CONNECTION_LOST: a connection the server ends, and a server that does not answer, are unreachable', async () => {
    const client = new pg.Client({ connectionString: t.db.ownerUrl });
    await client.connect();
    client.on('error', () => {});
    const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
    await t.db.owner.query('select pg_terminate_backend($1)', [rows[0]!.pid]);
    const terminated = await rawError(() => client.query('select 1'));
    expect(isDatabaseUnreachable(terminated)).toBe(true);
    const again = await rawError(() => client.query('select 1'));
    // node-postgres' own message, unless the socket's reset reached the client first (a system
    // error with its code, also unreachable).
    if ((again as { code?: string }).code !== 'ECONNRESET')
      expect(again.message).toMatch(CONNECTION_LOST);
    expect(isDatabaseUnreachable(again)).toBe(true);
    await client.end().catch(() => {});

    const url = new URL(t.db.ownerUrl);
    url.port = '1';
    const refused = await rawError(() =>
      new pg.Client({ connectionString: url.toString() }).connect(),
    );
    expect(isDatabaseUnreachable(refused)).toBe(true);
    // A refusal by the database is not an outage.
    const denied = await rawError(() => t.db.owner.query('select 1/0'));
    expect(isDatabaseUnreachable(denied)).toBe(false);
  });
});

describe('graphql-js', () => {
  it('INTROSPECTION_REFUSED: introspection in production is IntrospectionDisabled', async () => {
    const prod = await createTestApp({ production: true, trustedDocumentsOnly: false });
    const result = await gql(prod.app, '{ __schema { queryType { name } } }');
    expect(result.errors![0]!.message).toMatch(INTROSPECTION_REFUSED);
    expect(errorCode(result)).toBe('IntrospectionDisabled');
  });

  it.each([
    [
      'a value outside an enum',
      'query($o: [InvoiceOrderBy!]) { allInvoices(first: 1, orderBy: $o) { totalCount } }',
      { o: ['NO_SUCH_ORDER'] },
    ],
    [
      'a literal outside an enum',
      '{ allInvoices(first: 1, orderBy: [NO_SUCH_ORDER]) { totalCount } }',
      {},
    ],
    [
      'a variable of the wrong type',
      'query($n: Int) { allInvoices(first: $n) { totalCount } }',
      { n: 'ten' },
    ],
    ['a literal of the wrong type', '{ allInvoices(first: "ten") { totalCount } }', {}],
    [
      'a required variable not given',
      'query($n: Int!) { allInvoices(first: $n) { totalCount } }',
      {},
    ],
    [
      'an input object field not given',
      'mutation { updateClientById(input: { patch: {} }) { clientMutationId } }',
      {},
    ],
  ])('INVALID_INPUT: %s is InvalidInput', async (_case, query, variables) => {
    const result = await gql(t.app, query, variables, admin);
    expect(result.errors![0]!.message).toMatch(INVALID_INPUT);
    expect(errorCode(result)).toBe('InvalidInput');
  });

  it('an unknown field is InvalidQuery, not InvalidInput', async () => {
    const result = await gql(t.app, '{ allInvoices(first: 1) { noSuchField } }', {}, admin);
    expect(codeFor(result.errors![0]!.message)).toBe('InvalidQuery');
    expect(errorCode(result)).toBe('InvalidQuery');
  });
});

describe('pinned extension points', () => {
  it('postgraphile, grafast, @dataplan/pg, grafserv and the connection filter are pinned to exact versions, installed as pinned', () => {
    const read = (file: string) => JSON.parse(fs.readFileSync(file, 'utf8'));
    const server = read('server/package.json');
    const lock = read('package-lock.json');
    for (const name of [
      'postgraphile',
      'grafast',
      '@dataplan/pg',
      'grafserv',
      'postgraphile-plugin-connection-filter',
    ]) {
      const version = server.dependencies[name];
      expect(version, name).toMatch(/^\d+\.\d+\.\d+$/);
      expect(lock.packages[`node_modules/${name}`].version, name).toBe(version);
      expect(read(`node_modules/${name}/package.json`).version, name).toBe(version);
    }
  });

  it('the capped count starts on the pinned @dataplan/pg and refuses one without its internals', () => {
    expect(() => checkSelectInternals()).not.toThrow();
    class WithoutInternals {
      apply() {}
      setFirst() {}
      setOffset() {}
      setAfter() {}
      setBefore() {}
      setOrderIsUnique() {}
      items() {}
      getDep() {}
    }
    expect(() => checkSelectInternals(WithoutInternals)).toThrow(
      /needs PgSelectStep\.applyDepIds, PgSelectStep\.orders/,
    );
  });
});
