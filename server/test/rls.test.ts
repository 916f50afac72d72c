// Row-level security (SPEC §6, DESIGN §5): for every exposed table, a row visible or writable to an
// account that should have it, and invisible or refused to one that should not.
import type pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { asUser, createTestDatabase, rowsAs, sqlErrorAs, type TestDatabase } from './helpers.ts';

let db: TestDatabase;
const RLS_REFUSED = '42501'; // insufficient privilege or row-level security violation
const BUSINESS_RULE = 'LL001'; // refused by a rule of our SQL functions and triggers (a code in the hint)

async function count(username: string | null, table: string, where = 'true'): Promise<number> {
  const rows = await rowsAs<{ n: string }>(
    db,
    username,
    `select count(*) as n from app_public.${table} where ${where}`,
  );
  return Number(rows[0]!.n);
}

async function ownerValue<T = string>(sql: string, params: unknown[] = []): Promise<T> {
  const { rows } = await db.owner.query(sql, params);
  return Object.values(rows[0]!)[0] as T;
}

beforeAll(async () => {
  db = await createTestDatabase();
});

describe('every exposed table', () => {
  it('has row-level security enabled', async () => {
    const { rows } = await db.owner.query<{ relname: string }>(
      `select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'app_public' and c.relkind = 'r' and not c.relrowsecurity`,
    );
    expect(rows.map((row) => row.relname)).toEqual([]);
  });

  it('shows nothing to a visitor who is not signed in', async () => {
    const { rows } = await db.owner.query<{ relname: string }>(
      `select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'app_public' and c.relkind = 'r' and c.relname <> 'document_types'`,
    );
    expect(rows.length).toBeGreaterThan(25);
    for (const { relname } of rows) {
      expect(await count(null, relname), relname).toBe(0);
    }
  });

  it('gives the visitor no access to private tables', async () => {
    expect(await sqlErrorAs(db, 'admin', 'select * from app_private.user_secrets')).toBe(
      RLS_REFUSED,
    );
    expect(await sqlErrorAs(db, 'admin', 'select * from app_private.refresh_tokens')).toBe(
      RLS_REFUSED,
    );
  });
});

describe('scope implications (one SQL function)', () => {
  it('admin implies every scope', async () => {
    const all = await ownerValue<string[]>(
      'select array_agg(name order by name) from app_public.scopes',
    );
    const closure = await ownerValue<string[]>(`select app_hidden.scope_closure('{admin}')`);
    expect(closure).toEqual(all);
  });

  it('each admin scope implies its matching non-admin scopes', async () => {
    const closure = async (scope: string) =>
      ownerValue<string[]>('select app_hidden.scope_closure($1::text[])', [[scope]]);
    expect(await closure('admin:invoice')).toEqual(
      expect.arrayContaining([
        'invoice:read',
        'invoice:write',
        'validate_invoice',
        'close_invoice',
      ]),
    );
    expect(await closure('admin:cost')).toEqual(
      expect.arrayContaining(['cost:read', 'cost:write', 'approve_cost']),
    );
    expect(await closure('admin:company')).toEqual(
      expect.arrayContaining([
        'company:write_client',
        'company:write_supplier',
        'company:write_subsidiary',
      ]),
    );
    expect(await closure('admin:cost')).not.toContain('admin:cost:write');
    expect(await closure('admin:invoice')).not.toContain('create_report');
  });

  it('an inactive user has no scopes, whatever their account holds', async () => {
    const scopes = await asUser(
      db,
      'blocked',
      async (c) => (await c.query('select app_hidden.current_scopes() s')).rows[0].s,
    );
    expect(scopes).toEqual([]);
  });
});

describe('invoices: invoice:read within the account subsidiaries and projects', () => {
  it('admin sees every invoice while accountant sees only its subsidiary', async () => {
    const all = await ownerValue<string>('select count(*) from app_public.invoices');
    const nl = await ownerValue<string>(
      `select count(*) from app_public.invoices i join app_public.subsidiaries s on s.id = i.subsidiary_id
        where s.short_name = 'Northwind NL'`,
    );
    expect(await count('admin', 'invoices')).toBe(Number(all));
    expect(await count('accountant', 'invoices')).toBe(Number(nl));
    expect(Number(nl)).toBeLessThan(Number(all));
  });

  it('a project-limited account sees only invoices with a cost in an allowed project', async () => {
    const expected = await ownerValue<string>(
      `select count(*) from app_public.invoices i where exists (
         select from app_public.costs c join app_public.projects p on p.id = c.project_id
          where c.invoice_id = i.id and p.access_key like 'ops.%' and p.access_key <> 'ops.legacy')`,
    );
    expect(await count('manager', 'invoices')).toBe(Number(expected));
  });

  it('an account without invoice:read sees none', async () => {
    await db.owner.query(
      `with role as (insert into app_public.roles (name) values ('costs only') returning id)
       insert into app_public.role_scopes (role_id, scope) select id, 'cost:read' from role`,
    );
    await db.owner.query(
      `update app_public.accounts set role_id = (select id from app_public.roles where name = 'costs only')
        where name = 'Group viewer'`,
    );
    const seen = await asUser(
      db,
      'accountant',
      async (c) => (await c.query('select count(*) n from app_public.invoices')).rows[0].n,
      'Group viewer',
    );
    expect(Number(seen)).toBe(0);
  });

  it('viewer cannot write; accountant cannot create one in another subsidiary', async () => {
    const other = await ownerValue<string>(
      `select id from app_public.subsidiaries where short_name = 'Northwind UK'`,
    );
    const own = await ownerValue<string>(
      `select id from app_public.subsidiaries where short_name = 'Northwind NL'`,
    );
    const supplier = await ownerValue<string>('select id from app_public.suppliers limit 1');
    const insert = `insert into app_public.invoices (invoice_ref, invoice_date, currency, subsidiary_id, supplier_id)
                    values ('T-1', current_date, 'EUR', $1, $2)`;
    expect(await sqlErrorAs(db, 'viewer', insert, [own, supplier])).toBe(RLS_REFUSED);
    // The subsidiary it names is not one the accountant may see: refused before row-level security.
    expect(await sqlErrorAs(db, 'accountant', insert, [other, supplier])).toBe(BUSINESS_RULE);
    expect(await sqlErrorAs(db, 'accountant', insert, [own, supplier])).toBeUndefined();
    const updated = await asUser(
      db,
      'accountant',
      async (c) =>
        (
          await c.query(
            `update app_public.invoices set invoice_ref = 'X' where subsidiary_id = $1`,
            [other],
          )
        ).rowCount,
    );
    expect(updated).toBe(0);
  });
});

describe('costs and bills: subsidiary and project limits', () => {
  it('manager sees only costs of ops.* projects except ops.legacy', async () => {
    const keys = await rowsAs<{ access_key: string }>(
      db,
      'manager',
      `select distinct p.access_key from app_public.costs c join app_public.projects p on p.id = c.project_id`,
    );
    expect(keys.length).toBeGreaterThan(0);
    for (const { access_key } of keys) {
      expect(access_key).toMatch(/^ops\./);
      expect(access_key).not.toBe('ops.legacy');
    }
  });

  it('accountant sees costs and bills of its subsidiary only', async () => {
    const subsidiaries = await rowsAs<{ short_name: string }>(
      db,
      'accountant',
      `select distinct s.short_name from app_public.costs c join app_public.subsidiaries s on s.id = c.subsidiary_id
       union select distinct s.short_name from app_public.bills b join app_public.subsidiaries s on s.id = b.subsidiary_id`,
    );
    expect(subsidiaries).toEqual([{ short_name: 'Northwind NL' }]);
  });

  it('viewer cannot change a cost or a bill', async () => {
    expect(
      await asUser(
        db,
        'viewer',
        async (c) => (await c.query(`update app_public.costs set name = 'x'`)).rowCount,
      ),
    ).toBe(0);
    expect(
      await asUser(
        db,
        'viewer',
        async (c) => (await c.query(`delete from app_public.bills`)).rowCount,
      ),
    ).toBe(0);
  });
});

describe('payments follow the invoice or bill they settle', () => {
  it('accountant sees payments of its subsidiary only; manager of its projects', async () => {
    const total = Number(await ownerValue('select count(*) from app_public.payments'));
    const accountant = await count('accountant', 'payments');
    expect(accountant).toBeGreaterThan(0);
    expect(accountant).toBeLessThan(total);
    const foreign = await rowsAs(
      db,
      'accountant',
      `select 1 from app_public.invoices_payments ip join app_public.invoices i on i.id = ip.invoice_id
        join app_public.subsidiaries s on s.id = i.subsidiary_id where s.short_name <> 'Northwind NL'`,
    );
    expect(foreign).toEqual([]);
  });

  // 0094: the policy reads the owner and projects a payment keeps, not the links.
  const visibleThroughLinks = `select payment_id as id from app_public.invoices_payments
    union select payment_id from app_public.bills_payments`;
  const paymentIds = async (username: string, sql: string) =>
    (await rowsAs<{ id: string }>(db, username, `select id from (${sql}) x order by id`)).map(
      (row) => row.id,
    );

  it('every account sees exactly the payments whose invoice or bill it sees', async () => {
    for (const username of ['admin', 'accountant', 'manager', 'viewer']) {
      const seen = await paymentIds(username, 'select id from app_public.payments');
      expect(seen, username).toEqual(await paymentIds(username, visibleThroughLinks));
    }
    expect(
      (await paymentIds('manager', 'select id from app_public.payments')).length,
    ).toBeGreaterThan(0);
  });

  it("a payment follows its invoice's projects when a cost moves to another project", async () => {
    const { rows } = await db.owner.query<{ cost_id: number; project_id: string; other: string }>(
      `select c.id as cost_id, c.project_id,
              (select p.id from app_public.projects p where p.id <> c.project_id order by p.name limit 1) as other
         from app_public.costs c
         join app_public.invoices_payments ip on ip.invoice_id = c.invoice_id
        where c.project_id is not null
        order by c.id limit 1`,
    );
    const cost = rows[0]!;
    const before = await paymentIds('manager', 'select id from app_public.payments');
    try {
      await db.owner.query('update app_public.costs set project_id = $2 where id = $1', [
        cost.cost_id,
        cost.other,
      ]);
      const after = await paymentIds('manager', 'select id from app_public.payments');
      expect(after).toEqual(await paymentIds('manager', visibleThroughLinks));
      const stored = await ownerValue<string[]>(
        `select p.project_ids from app_public.payments p
           join app_public.invoices_payments ip on ip.payment_id = p.id
           join app_public.costs c on c.invoice_id = ip.invoice_id where c.id = $1 limit 1`,
        [cost.cost_id],
      );
      expect(stored).toContain(cost.other);
    } finally {
      await db.owner.query('update app_public.costs set project_id = $2 where id = $1', [
        cost.cost_id,
        cost.project_id,
      ]);
    }
    expect(await paymentIds('manager', 'select id from app_public.payments')).toEqual(before);
  });

  it('viewer (payment:read only) cannot delete a payment', async () => {
    expect(
      await asUser(
        db,
        'viewer',
        async (c) => (await c.query('delete from app_public.payments')).rowCount,
      ),
    ).toBe(0);
    expect(
      await asUser(
        db,
        'viewer',
        async (c) => (await c.query('delete from app_public.invoices_payments')).rowCount,
      ),
    ).toBe(0);
  });
});

describe('reference data', () => {
  it('subsidiaries are limited to the account subsidiaries', async () => {
    expect(await count('admin', 'subsidiaries')).toBe(3);
    expect(await count('accountant', 'subsidiaries')).toBe(1);
  });

  it('projects are limited by the access pattern', async () => {
    const keys = (
      await rowsAs<{ access_key: string }>(
        db,
        'manager',
        'select access_key from app_public.projects order by 1',
      )
    ).map((r) => r.access_key);
    expect(keys).toEqual(['ops.data', 'ops.mobile', 'ops.platform', 'ops.support']);
  });

  it.each([
    ['clients', `insert into app_public.clients (legal_name) values ('New client')`],
    [
      'suppliers',
      `insert into app_public.suppliers (legal_name, country) values ('New supplier', 'Norway')`,
    ],
    [
      'subsidiaries',
      `insert into app_public.subsidiaries (legal_name, country) values ('New sub', 'Norway')`,
    ],
    ['projects', `insert into app_public.projects (name, access_key) values ('New', 'new.one')`],
    ['services', `insert into app_public.services (name) values ('New service')`],
    ['cost_types', `insert into app_public.cost_types (name) values ('New type')`],
    [
      'exchange_rates',
      `insert into app_public.exchange_rates (currency, rate_date, usd_per_unit) values ('NOK', current_date, 0.09)`,
    ],
  ])('%s: readable by viewer, written only with the write scope (admin)', async (table, insert) => {
    expect(await count('viewer', table)).toBeGreaterThan(0);
    expect(await sqlErrorAs(db, 'viewer', insert)).toBe(RLS_REFUSED);
    expect(await sqlErrorAs(db, 'admin', insert)).toBeUndefined();
  });

  it('currencies are read by anyone signed in, scopes with admin:role or when held; changed by no visitor but admin', async () => {
    expect(await count('viewer', 'currencies')).toBeGreaterThan(150);
    expect(await count('admin', 'scopes')).toBeGreaterThan(30);
    expect(await count('viewer', 'scopes')).toBeLessThan(20);
    expect(
      await sqlErrorAs(
        db,
        'viewer',
        `insert into app_public.currencies (value, name) values ('XTS', 'Test')`,
      ),
    ).toBe(RLS_REFUSED);
    expect(
      await sqlErrorAs(
        db,
        'admin',
        `insert into app_public.scopes (name, description) values ('x', 'x')`,
      ),
    ).toBe(RLS_REFUSED);
  });
});

describe('users, roles and accounts', () => {
  it('users are listed with admin:user; others see themselves and the people named on records they can see', async () => {
    const names = async (username: string, account?: string) =>
      (
        await asUser(
          db,
          username,
          async (c) =>
            (
              await c.query<{ username: string }>(
                'select username from app_public.users order by 1',
              )
            ).rows,
          account,
        )
      ).map((row) => row.username);
    expect(await names('admin')).toEqual(['accountant', 'admin', 'blocked', 'manager', 'viewer']);
    // The viewer reads every invoice: their creators and validators, and itself.
    expect(await names('viewer')).toEqual(['accountant', 'admin', 'viewer']);
    // An account with only service:read sees only its own user, its own roles and scopes.
    await db.owner.query(`
      with role as (insert into app_public.roles (name) values ('services only') returning id),
           scope as (insert into app_public.role_scopes (role_id, scope) select id, 'service:read' from role)
      insert into app_public.accounts (name, user_id, role_id)
      select 'Services', u.id, role.id from app_public.users u, role where u.username = 'viewer'`);
    expect(await names('viewer', 'Services')).toEqual(['viewer']);
    const rolesOf = async (account: string) =>
      (
        await asUser(
          db,
          'viewer',
          async (c) =>
            (await c.query<{ name: string }>('select name from app_public.roles order by 1')).rows,
          account,
        )
      ).map((row) => row.name);
    expect(await rolesOf('Services')).toEqual(['services only', 'viewer']);
    const scopes = await asUser(
      db,
      'viewer',
      async (c) =>
        (await c.query<{ name: string }>('select name from app_public.scopes order by 1')).rows,
      'Services',
    );
    expect(scopes.map((row) => row.name)).toEqual(['service:read']);
    await db.owner.query(`delete from app_public.accounts where name = 'Services';
                          delete from app_public.roles where name = 'services only'`);
    expect(
      await asUser(
        db,
        'viewer',
        async (c) => (await c.query(`update app_public.users set first_name = 'X'`)).rowCount,
      ),
    ).toBe(0);
    expect(
      await asUser(
        db,
        'admin',
        async (c) =>
          (await c.query(`update app_public.users set first_name = first_name`)).rowCount,
      ),
    ).toBe(5);
  });

  it('role scopes are changed only with admin:role', async () => {
    const manager = await ownerValue<string>(
      `select id from app_public.roles where name = 'manager'`,
    );
    const insert = `insert into app_public.role_scopes (role_id, scope) values ($1, 'bill:read')`;
    // The viewer cannot even see the manager role (ReferenceNotFound, before row-level security).
    expect([RLS_REFUSED, BUSINESS_RULE]).toContain(
      await sqlErrorAs(db, 'viewer', insert, [manager]),
    );
    expect(await sqlErrorAs(db, 'admin', insert, [manager])).toBe('23505'); // already there
  });

  it('a user sees only their own accounts and account limits; admin sees all', async () => {
    expect(await count('accountant', 'accounts')).toBe(2);
    expect(await count('viewer', 'accounts')).toBe(1);
    expect(await count('admin', 'accounts')).toBe(6);
    expect(await count('viewer', 'accounts_subsidiaries')).toBe(0);
    expect(await count('accountant', 'accounts_subsidiaries')).toBe(1);
    expect(await count('viewer', 'default_accounts')).toBe(1);
    expect(
      await sqlErrorAs(db, 'viewer', `update app_public.accounts set name = 'X'`),
    ).toBeUndefined();
    expect(
      await asUser(
        db,
        'viewer',
        async (c) => (await c.query(`update app_public.accounts set name = 'X'`)).rowCount,
      ),
    ).toBe(0);
  });

  it('account scopes, subsidiaries and projects are granted only with admin:user', async () => {
    const account = await ownerValue<string>(
      `select id from app_public.accounts where name = 'Viewer'`,
    );
    const project = await ownerValue<string>(`select id from app_public.projects limit 1`);
    const grants: [string, unknown[]][] = [
      [
        `insert into app_public.accounts_scopes (account_id, scope) values ($1, 'bill:write')`,
        [account],
      ],
      [
        `insert into app_public.accounts_projects (account_id, project_id) values ($1, $2)`,
        [account, project],
      ],
      [
        `insert into app_public.accounts_subsidiaries (account_id, subsidiary_id) select $1, id from app_public.subsidiaries limit 1`,
        [account],
      ],
    ];
    for (const [sql, params] of grants) {
      // Refused by row-level security, or earlier, when the row it names is not visible either.
      expect([RLS_REFUSED, BUSINESS_RULE]).toContain(await sqlErrorAs(db, 'viewer', sql, params));
      expect(await sqlErrorAs(db, 'admin', sql, params)).toBeUndefined();
    }
  });

  it('payments of bills follow the bill', async () => {
    const all = Number(await ownerValue('select count(*) from app_public.bills_payments'));
    const accountant = await count('accountant', 'bills_payments');
    expect(accountant).toBeGreaterThan(0);
    expect(accountant).toBeLessThan(all);
  });

  it("a user picks their own main account but not another user's", async () => {
    const other = await ownerValue<string>(
      `select a.id from app_public.accounts a join app_public.users u on u.id = a.user_id where u.username = 'accountant' and a.name = 'Group viewer'`,
    );
    const own = await asUser(
      db,
      'accountant',
      async (c) =>
        (
          await c.query(
            `update app_public.default_accounts set account_id = $1 where user_id = app_hidden.current_user_id()`,
            [other],
          )
        ).rowCount,
    );
    expect(own).toBe(1);
    // Another user's row is not visible to change...
    const foreign = await asUser(
      db,
      'viewer',
      async (c) =>
        (
          await c.query(
            `update app_public.default_accounts set account_id = account_id where user_id <> app_hidden.current_user_id()`,
          )
        ).rowCount,
    );
    expect(foreign).toBe(0);
    // ...and one's own main account cannot point at another user's account (AccountNotFound).
    expect(
      await sqlErrorAs(db, 'viewer', `update app_public.default_accounts set account_id = $1`, [
        other,
      ]),
    ).toBe(BUSINESS_RULE);
  });
});

describe('documents, readers and editors', () => {
  it('documents need documents:read; a reader sees a shared one beyond their scopes', async () => {
    expect(await count('viewer', 'documents')).toBeGreaterThan(30);
    expect(await count('accountant', 'documents')).toBe(0);
    const documentId = await ownerValue<string>(
      `select id from app_public.documents order by name limit 1`,
    );
    await db.owner.query(
      `insert into app_public.document_readers (document_id, user_id) select $1, id from app_public.users where username = 'accountant'`,
      [documentId],
    );
    expect(await count('accountant', 'documents')).toBe(1);
    expect(
      await asUser(
        db,
        'accountant',
        async (c) => (await c.query(`update app_public.documents set comments = 'x'`)).rowCount,
      ),
    ).toBe(0);
  });

  it('an editor may change a shared document', async () => {
    const documentId = await ownerValue<string>(
      `select id from app_public.documents order by name desc limit 1`,
    );
    await db.owner.query(
      `insert into app_public.document_editors (document_id, user_id) select $1, id from app_public.users where username = 'viewer'`,
      [documentId],
    );
    const changed = await asUser(
      db,
      'viewer',
      async (c) => (await c.query(`update app_public.documents set comments = 'edited'`)).rowCount,
    );
    expect(changed).toBe(1);
  });
});

describe('files and attachments', () => {
  it('a file is visible to its uploader and to readers of the record it is attached to only', async () => {
    const invoice = await ownerValue<number>(
      `select i.id from app_public.invoices i join app_public.subsidiaries s on s.id = i.subsidiary_id
        where s.short_name = 'Northwind UK' limit 1`,
    );
    const fileId = await ownerValue<string>(
      `insert into app_public.files (name, content_type, size, sha256, uploaded_by)
       select 'scan.pdf', 'application/pdf', 10, repeat('a', 64), id from app_public.users where username = 'admin'
       returning id`,
    );
    expect(await count('viewer', 'files', `id = '${fileId}'`)).toBe(0);
    await db.owner.query(
      'insert into app_public.invoices_files (invoice_id, file_id) values ($1, $2)',
      [invoice, fileId],
    );
    expect(await count('viewer', 'files', `id = '${fileId}'`)).toBe(1);
    expect(await count('viewer', 'invoices_files', `file_id = '${fileId}'`)).toBe(1);
    expect(await count('accountant', 'files', `id = '${fileId}'`)).toBe(0);
    expect(await count('accountant', 'invoices_files', `file_id = '${fileId}'`)).toBe(0);
    expect(await count('admin', 'files', `id = '${fileId}'`)).toBe(1);
  });

  it('attaching needs the record write scope', async () => {
    const bill = await ownerValue<number>('select id from app_public.bills limit 1');
    const fileId = await ownerValue<string>(
      `insert into app_public.files (name, content_type, size, sha256, uploaded_by)
       select 'act.pdf', 'application/pdf', 10, repeat('b', 64), id from app_public.users where username = 'admin'
       returning id`,
    );
    const attach = 'insert into app_public.bills_files (bill_id, file_id) values ($1, $2)';
    // The viewer may read the bill but not write it (Forbidden, from the reference rule).
    expect(await sqlErrorAs(db, 'viewer', attach, [bill, fileId])).toBe(BUSINESS_RULE);
    expect(await sqlErrorAs(db, 'admin', attach, [bill, fileId])).toBeUndefined();
    for (const table of ['costs_files', 'documents_files']) {
      expect(await count('viewer', table)).toBe(0);
    }
  });
});

describe('notifications and audit trail', () => {
  it('each user sees only their own notifications', async () => {
    const mine = await rowsAs<{ username: string }>(
      db,
      'accountant',
      `select distinct u.username from app_public.notifications n join app_public.users u on u.id = n.user_id`,
    );
    expect(mine).toEqual([{ username: 'accountant' }]);
    expect(await count('viewer', 'notifications')).toBe(0);
  });

  it('audit rows are visible with the record they describe', async () => {
    const admin = await count('admin', 'audit_trail', `table_name = 'invoices'`);
    const accountant = await count('accountant', 'audit_trail', `table_name = 'invoices'`);
    expect(admin).toBeGreaterThan(accountant);
    expect(accountant).toBeGreaterThan(0);
    expect(await sqlErrorAs(db, 'admin', `delete from app_public.audit_trail`)).toBe(RLS_REFUSED);
  });

  it('a change is recorded with the user and the role of their account', async () => {
    await asUser(db, 'accountant', async (c) => {
      const { rows } = await c.query<{ id: number }>(
        `update app_public.invoices set invoice_ref = 'AUDITED' where id = (select min(id) from app_public.invoices where status = 'draft') returning id`,
      );
      const audit = await c.query(
        `select a.action, a.changes, a.user_role, u.username from app_public.audit_trail a join app_public.users u on u.id = a.user_id
          where a.table_name = 'invoices' and a.row_id = $1 order by a.id desc limit 1`,
        [rows[0]!.id],
      );
      expect(audit.rows[0]).toMatchObject({
        action: 'UPDATE',
        user_role: 'accountant',
        username: 'accountant',
      });
      expect(audit.rows[0].changes.invoice_ref.new).toBe('AUDITED');
    });
  });
});

describe('project access patterns', () => {
  it.each([
    ['ops.*', 'ops.mobile', true],
    ['ops.*', 'sales.crm', false],
    ['ops.* !ops.legacy', 'ops.legacy', false],
    ['!ops.legacy', 'sales.crm', true],
    ['*_2026', 'mkt.events_2026', true],
    ['sales.crm, rnd.*', 'rnd.ml', true],
    ['ops.data', 'ops.database', false],
  ])('pattern %s on %s is %s', async (pattern, key, expected) => {
    expect(
      await ownerValue('select app_public.access_pattern_matches($1, $2)', [pattern, key]),
    ).toBe(expected);
  });

  it('an account cannot be given an invalid pattern', async () => {
    const error = await db.owner
      .query(
        `update app_public.accounts set access_pattern_projects = 'ops/*' where name = 'Viewer'`,
      )
      .then(
        () => undefined,
        (e: { constraint?: string }) => e.constraint,
      );
    expect(error).toBe('accounts_access_pattern_valid');
  });
});

describe('schema conventions', () => {
  it('every foreign key is indexed (its columns lead some index)', async () => {
    const { rows } = await db.owner.query<{ constraint: string }>(`
      select c.conname as constraint
        from pg_constraint c
        join pg_namespace n on n.oid = c.connamespace
       where c.contype = 'f' and n.nspname in ('app_public', 'app_private')
         and not exists (
           select from pg_index i
            where i.indrelid = c.conrelid
              and (i.indkey::int2[])[0:cardinality(c.conkey) - 1] @> c.conkey
              and (i.indkey::int2[])[0:cardinality(c.conkey) - 1] <@ c.conkey)`);
    expect(rows.map((row) => row.constraint)).toEqual([]);
  });

  it('money is numeric, never a float', async () => {
    const { rows } = await db.owner.query<{ column: string }>(`
      select table_name || '.' || column_name as column from information_schema.columns
       where table_schema = 'app_public' and data_type in ('real', 'double precision')`);
    expect(rows).toEqual([]);
  });
});

describe('grants (stated once)', () => {
  // The helpers the visitor's own functions and policies call. A new one is added here on purpose.
  const VISITOR_HELPERS = (
    'account_exists account_scopes allowed_project_ids allowed_project_keys allowed_subsidiary_ids ' +
    'audit_cost_exists audit_derived_columns audit_ref_visible audit_row_visible available_actions ' +
    'bill_for_payment bill_for_update can_attach_file can_write_file cannot_change_status ' +
    'check_payment check_period check_period_range cost_for_update costs_status_of ' +
    'current_account_id current_role_name current_scopes current_user_id delete_unreferenced_files ' +
    'document_for_update document_ids_shared_with_me fail file_attachment_count file_is_referenced ' +
    'file_writable_attachment_count has_scope in_period_range invoice_for_payment invoice_for_update is_supplier_user ' +
    'is_own_account lock_bill lock_invoice normalized_company_name project_visible ' +
    'reference_not_found require_costs_approved require_ids require_scope require_transition ' +
    'require_user require_visible_files scope_closure set_workflow_mode subsidiaries_seen_whole subsidiary_visible ' +
    'usd_rate user_details_visible user_named_on_visible_record visible_subsidiary_ids workflow_mode ' +
    // 0029: analytics and aging (docs/analytics.md).
    'aging aging_rows invoice_suppliers margin_percent reference_names report_bills report_costs' +
    // 0028: counts what refers to a record, called by app_public.record_dependents after its check.
    ' record_dependents' +
    // 0040: the transition check with the record (a second require_transition, available_actions
    // and fail), the period lock and the approval limit.
    ' available_actions fail require_transition cost_needs_two_approvals lock_date open_when_costs_approved' +
    ' period_date period_lock_refusal raise_refusal record_label' +
    // 0051-0053 (issue 32): visible subtotals, user and file writes as the caller, suppliers' users.
    ' sees_whole_invoices live_cost_count create_user set_new_user_password set_user_active' +
    ' require_writable_file replace_file delete_file blob_in_use supplier_ids supplier_ids_seen_whole' +
    // 0080: bank statements, matching and reconciliation (docs/reconciliation.md).
    ' normalize_iban iban_valid import_bank_statement store_bank_statement save_bank_csv_mapping' +
    ' suggest_bank_matches bank_lines_store_suggestions number_in_text party_name_matches' +
    ' bank_line_for_change bank_line_link bank_line_unlink bank_line_refresh check_bank_allocation' +
    // 0070: check digits and tax id formats, called by the check constraints of clients and suppliers.
    ' inn_valid ogrn_valid supplier_tax_id_valid vat_id_pattern' +
    // 0073-0074: the contract status, computed for the reader.
    ' contract_status' +
    // 0075: the code of a refused import row.
    ' import_error_code' +
    // 0092: the audit rows that name a record, for its history (the caller's policy reads them).
    ' audit_row_ids' +
    // 0150: the global search's candidates (the caller's policy reads them).
    ' search_candidates' +
    // 0313: a partly visible invoice's figures, inlined into the statement that reads them.
    ' invoice_cost_view'
  ).split(' ');

  it('no app_private function, and only the listed app_hidden helpers, are executable by the visitor', async () => {
    const { rows } = await db.owner.query<{ schema: string; name: string }>(
      `select n.nspname as schema, p.proname as name from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname in ('app_private', 'app_hidden')
          and has_function_privilege('ledgerline_visitor', p.oid, 'execute')
        order by 1, 2`,
    );
    expect(rows.filter((row) => row.schema === 'app_private')).toEqual([]);
    expect(rows.map((row) => row.name)).toEqual([...VISITOR_HELPERS].sort());
  });

  it('every app_public function is executable by the visitor (default privileges)', async () => {
    const { rows } = await db.owner.query(
      `select p.oid::regprocedure::text as name from pg_proc p
        where p.pronamespace = 'app_public'::regnamespace
          and not has_function_privilege('ledgerline_visitor', p.oid, 'execute')`,
    );
    expect(rows).toEqual([]);
  });
});

describe('what each account may see is kept in step (0033)', () => {
  // app_private.account_access is what the policies read; after a change to any table it comes
  // from, it must equal what the tables say (app_private.account_access_now).
  const STALE = `select count(*)::int from app_private.account_access aa
                   full join app_private.account_access_now n using (account_id)
                  where (aa.user_id, aa.scopes, aa.visible_subsidiary_ids, aa.allowed_project_ids)
                        is distinct from (n.user_id, n.scopes, n.visible_subsidiary_ids, n.allowed_project_ids)`;
  const viewerAccount = `(select a.id from app_public.accounts a join app_public.users u on u.id = a.user_id
                           where u.username = 'viewer' order by a.id limit 1)`;
  const scopeAdded = `insert into app_public.accounts_scopes (account_id, scope) values (${viewerAccount}, 'bill:write')`;

  it.each([
    ['a role scope removed', `delete from app_public.role_scopes where scope = 'invoice:read'`],
    [
      'a role scope added',
      `insert into app_public.role_scopes (role_id, scope)
       select id, 'create_report' from app_public.roles where name = 'viewer'`,
    ],
    ['an account scope added', scopeAdded],
    ['an account scope removed', `${scopeAdded}; delete from app_public.accounts_scopes`],
    [
      'an account limited to a subsidiary',
      `insert into app_public.accounts_subsidiaries (account_id, subsidiary_id)
       select ${viewerAccount}, s.id from app_public.subsidiaries s order by s.id limit 1`,
    ],
    ['a subsidiary limit lifted', `delete from app_public.accounts_subsidiaries`],
    [
      'a subsidiary added',
      `insert into app_public.subsidiaries (legal_name, country) values ('Access Test GmbH', 'DE')`,
    ],
    [
      'a project pattern changed',
      `update app_public.accounts set access_pattern_projects = 'ops.*'`,
    ],
    ['a project pattern removed', `update app_public.accounts set access_pattern_projects = null`],
    [
      'an account limited to a project',
      `insert into app_public.accounts_projects (account_id, project_id)
       select ${viewerAccount}, p.id from app_public.projects p order by p.id limit 1`,
    ],
    [
      'a project added that a pattern matches',
      `insert into app_public.projects (name, access_key) values ('Access test', 'ops.access_test')`,
    ],
    ['a project key changed', `update app_public.projects set access_key = access_key || '.x'`],
    [
      'a user deactivated',
      `update app_public.users set is_active = false where username = 'manager'`,
    ],
    [
      'an account moved to another role',
      `update app_public.accounts set role_id = (select id from app_public.roles where name = 'viewer')`,
    ],
    [
      'an account added',
      `insert into app_public.accounts (name, user_id, role_id, access_pattern_projects)
       select 'Second', u.id, r.id, 'fin.*' from app_public.users u, app_public.roles r
        where u.username = 'viewer' and r.name = 'accountant'`,
    ],
    ['an account removed', `delete from app_public.accounts where id = ${viewerAccount}`],
  ])('after %s', async (_change, sql) => {
    await db.owner.query('begin');
    try {
      expect(await ownerValue<number>(STALE)).toBe(0);
      const results = (await db.owner.query(sql)) as unknown as pg.QueryResult | pg.QueryResult[];
      const changed = Array.isArray(results) ? results.at(-1)! : results;
      expect(changed.rowCount, 'the change touched rows').toBeGreaterThan(0);
      expect(await ownerValue<number>(STALE)).toBe(0);
    } finally {
      await db.owner.query('rollback');
    }
  });

  it('the check finds a stored row that differs from the sources', async () => {
    await db.owner.query('begin');
    try {
      await db.owner.query(`update app_private.account_access set scopes = '{}'`);
      expect(await ownerValue<number>(STALE)).toBeGreaterThan(0);
    } finally {
      await db.owner.query('rollback');
    }
  });
});

describe('the project-limited role only ever hides rows (0033)', () => {
  // The API runs a project-limited account's requests as ledgerline_project_limited, chosen from
  // the access token; a stale token may pick the other role. Either way no account sees more.
  async function invoicesAs(username: string, role: string): Promise<number> {
    const client = await db.owner.connect();
    try {
      await client.query('begin');
      await client.query(
        `select set_config('jwt.claims.user_id', u.id::text, true),
                set_config('jwt.claims.account_id', d.account_id::text, true)
           from app_public.users u join app_public.default_accounts d on d.user_id = u.id
          where u.username = $1`,
        [username],
      );
      await client.query(`set local role ${role}`);
      const { rows } = await client.query('select count(*)::int as n from app_public.invoices');
      return rows[0].n;
    } finally {
      await client.query('rollback');
      client.release();
    }
  }

  it.each(['admin', 'accountant', 'viewer'])(
    '%s (no project limit) sees the same invoices as any of the three roles',
    async (username) => {
      const visitor = await invoicesAs(username, 'ledgerline_visitor');
      expect(await invoicesAs(username, 'ledgerline_project_limited')).toBe(visitor);
      expect(await invoicesAs(username, 'ledgerline_supplier_user')).toBe(visitor);
    },
  );

  it("a supplier's user sees its supplier's invoices as its role (0095), none as the other two", async () => {
    const { rows } = await db.owner.query<{ supplier_id: string; n: number }>(
      `select i.supplier_id, count(*)::int as n from app_public.invoices i
        group by i.supplier_id order by count(*) desc limit 1`,
    );
    const supplier = rows[0]!;
    const link = (userId: string | null) =>
      db.owner.query('update app_public.suppliers set user_id = $2 where id = $1', [
        supplier.supplier_id,
        userId,
      ]);
    await link(
      await ownerValue<string>(`select id from app_public.users where username = 'viewer'`),
    );
    try {
      const own = await invoicesAs('viewer', 'ledgerline_supplier_user');
      expect(own).toBeGreaterThan(0);
      expect(own).toBeLessThanOrEqual(supplier.n);
      expect(await invoicesAs('viewer', 'ledgerline_project_limited')).toBe(0);
      expect(await invoicesAs('viewer', 'ledgerline_visitor')).toBe(0);
    } finally {
      await link(null);
    }
  });

  it('manager (project-limited) sees its invoices as its role and none as the plain visitor', async () => {
    expect(await invoicesAs('manager', 'ledgerline_project_limited')).toBe(
      await count('manager', 'invoices'),
    );
    expect(await count('manager', 'invoices')).toBeGreaterThan(0);
    expect(await invoicesAs('manager', 'ledgerline_visitor')).toBe(0);
  });

  // The restrictive "a supplier's user reads none" policies are written so that the planner
  // estimates them as passing (0290): written as `(select supplier_ids()) is null` the planner
  // guessed 0.5 % of the rows, and the manager's lists sorted every row of a status instead of
  // walking the date index. The estimate as the manager stays a sizeable part of the table's.
  it.each(['invoices', 'bills', 'costs', 'payments'])(
    "the manager's estimate of %s is not cut to a sliver by the no-supplier policy",
    async (table) => {
      const estimate = async (client: pg.Pool | pg.PoolClient) => {
        const { rows } = await client.query(
          `explain (format json) select * from app_public.${table}`,
        );
        return Number(rows[0]['QUERY PLAN'][0].Plan['Plan Rows']);
      };
      await db.owner.query(`analyze app_public.${table}`);
      const whole = await estimate(db.owner);
      const manager = await asUser(db, 'manager', estimate);
      expect(manager / whole).toBeGreaterThan(0.05);
    },
  );
});
