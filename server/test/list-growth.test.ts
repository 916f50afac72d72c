// Lists that stay flat as the data grows (0300–0305): the rules the plans rely on, checked on the
// demo data (the benchmark at scale 10 measures the effect).
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { asUser, createTestDatabase, rowsAs, type TestDatabase } from './helpers.ts';

let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase();
});

type PlanNode = {
  'Node Type': string;
  'Index Name'?: string;
  'Relation Name'?: string;
  'Plan Rows': number;
  'Shared Hit Blocks'?: number;
  'Shared Read Blocks'?: number;
  Filter?: string;
  Plans?: PlanNode[];
};

async function plan(client: pg.Pool | pg.PoolClient, sql: string, analyze = false) {
  const options = analyze ? 'analyze, buffers, format json' : 'format json';
  const { rows } = await client.query(`explain (${options}) ${sql}`);
  return rows[0]['QUERY PLAN'][0].Plan as PlanNode;
}

function nodes(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(nodes)];
}

/**
 * The pages of `table` and the buffers a sequential count of it reads as the client's account:
 * about the pages when the policy reads what it needs once per statement.
 */
async function countedWhole(client: pg.PoolClient, table: string) {
  const { rows } = await client.query<{ pages: number }>(
    `select relpages as pages from pg_class where oid = $1::regclass`,
    [`app_public.${table}`],
  );
  await client.query('set local enable_indexscan = off');
  await client.query('set local enable_bitmapscan = off');
  const scan = nodes(await plan(client, `select count(*) from app_public.${table}`, true)).find(
    (node) => node['Relation Name'] === table,
  )!;
  return {
    pages: rows[0]!.pages,
    buffers: (scan['Shared Hit Blocks'] ?? 0) + (scan['Shared Read Blocks'] ?? 0),
  };
}

async function managerAccount(): Promise<string> {
  const { rows } = await db.owner.query<{ id: string }>(
    `select a.id from app_public.accounts a join app_public.users u on u.id = a.user_id
      left join app_public.default_accounts d on d.account_id = a.id
     where u.username = 'manager' order by (d.account_id is not null) desc limit 1`,
  );
  return rows[0]!.id;
}

/**
 * Runs `work` in a transaction of the owner that first adds 400 projects the manager's account
 * allows (its access pattern is `ops.*`), then as the account of `username` (its role and claims).
 */
async function withManyProjects<T>(
  username: 'admin' | 'manager',
  work: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const client = await db.owner.connect();
  try {
    await client.query('begin');
    await client.query(
      `insert into app_public.projects (name, access_key)
       select 'Growth project ' || n, 'ops.growth_' || n from generate_series(1, 400) n`,
    );
    await client.query('analyze app_public.projects');
    await client.query('analyze app_public.invoices');
    const { rows } = await client.query<{ user_id: string; account_id: string }>(
      `select a.user_id, a.id as account_id from app_public.accounts a
         join app_public.users u on u.id = a.user_id
         left join app_public.default_accounts d on d.account_id = a.id
        where u.username = $1 order by (d.account_id is not null) desc limit 1`,
      [username],
    );
    await client.query(
      `select set_config('jwt.claims.user_id', $1, true), set_config('jwt.claims.account_id', $2, true)`,
      [rows[0]!.user_id, rows[0]!.account_id],
    );
    const role = username === 'manager' ? 'ledgerline_project_limited' : 'ledgerline_visitor';
    await client.query(`set local role ${role}`);
    return await work(client);
  } finally {
    await client.query('rollback');
    client.release();
  }
}

describe("a project-limited account's allowed projects (0300)", () => {
  it('answers what the account may see: null without a limit, the list with one', async () => {
    const [admin] = await rowsAs<{ ids: string[] | null }>(
      db,
      'admin',
      'select app_hidden.allowed_project_ids() as ids',
    );
    expect(admin!.ids).toBeNull();
    const account = await managerAccount();
    const { rows } = await db.owner.query<{ ids: string[] }>(
      `select allowed_project_ids as ids from app_private.account_access where account_id = $1`,
      [account],
    );
    const [manager] = await rowsAs<{ ids: string[] }>(
      db,
      'manager',
      'select app_hidden.allowed_project_ids() as ids',
    );
    expect(rows[0]!.ids.length).toBeGreaterThan(0);
    expect(manager!.ids).toEqual(rows[0]!.ids);
  });

  // An allowed list of hundreds of projects is stored out of line (TOAST); handed to each row as
  // the stored value, every row's test read the list back again (three buffers or more per row).
  it('is read once per statement, not once per invoice, when the list is long', async () => {
    const { rows: counted } = await db.owner.query<{ n: number }>(
      'select count(*)::int as n from app_public.invoices',
    );
    const invoices = counted[0]!.n;
    const { allowed, pages, buffers } = await withManyProjects('manager', async (client) => {
      const { rows } = await client.query<{ n: number; stored: number }>(
        `select cardinality(a) as n, pg_column_size(a) as stored
           from (select app_hidden.allowed_project_ids() as a) s`,
      );
      return { allowed: rows[0]!, ...(await countedWhole(client, 'invoices')) };
    });
    // The precondition: the list is long enough to be stored out of line (over 2 kB).
    expect(allowed.n).toBeGreaterThan(300);
    expect(allowed.stored).toBeGreaterThan(4000);
    expect(invoices).toBeGreaterThan(50);
    expect(pages).toBeGreaterThan(0);
    // The table's pages and a little more (82 for 56 pages and 241 invoices); read per row the
    // list cost 567.
    expect(buffers).toBeLessThan(pages + invoices / 4);
  });
});

describe("a project-limited account's allowed projects kept as keys, its costs looked up by key (0310)", () => {
  // The costs' policy before 0310: a hash of every allowed project, built by each statement.
  const HASHED = `((select app_hidden.has_scope('cost:read'))
    and app_hidden.subsidiary_visible(subsidiary_id, (select app_hidden.visible_subsidiary_ids()))
    and project_id in (select unnest((select app_hidden.allowed_project_ids()))))`;

  it('the keys are the allowed projects, kept in step with them: null without a limit', async () => {
    const keysOf = (username: 'admin' | 'manager') =>
      withManyProjects(username, async (client) => {
        const { rows } = await client.query<{ keys: string[] | null; ids: string[] | null }>(
          `select (select array_agg(k order by k) from jsonb_object_keys(app_hidden.allowed_project_keys()) k) as keys,
                  (select array_agg(p::text order by p::text) from unnest(app_hidden.allowed_project_ids()) p) as ids`,
        );
        return rows[0]!;
      });
    const admin = await keysOf('admin');
    expect(admin.ids).toBeNull();
    expect(admin.keys).toBeNull();
    // The 400 projects added inside the transaction are allowed by the manager's access pattern.
    const manager = await keysOf('manager');
    expect(manager.ids!.length).toBeGreaterThan(400);
    expect(manager.keys).toEqual(manager.ids);
  });

  it('the manager reads the same costs as with the hash of the allowed projects', async () => {
    const seen = (policy: 'current' | 'hashed') =>
      withManyProjects('manager', async (client) => {
        if (policy === 'hashed') {
          await client.query('reset role');
          await client.query(
            `alter policy select_project_limited on app_public.costs using ${HASHED}`,
          );
          await client.query('set local role ledgerline_project_limited');
        }
        const { rows } = await client.query<{ id: string }>(
          'select id::text from app_public.costs order by id',
        );
        return rows.map((row) => row.id);
      });
    const current = await seen('current');
    const { rows } = await db.owner.query<{ n: number }>(
      'select count(*)::int as n from app_public.costs',
    );
    expect(current.length).toBeGreaterThan(0);
    expect(current.length).toBeLessThan(rows[0]!.n);
    expect(current).toEqual(await seen('hashed'));
  });

  // A statement that reads a few costs (an invoice's, for its hidden count and visible sum) does not
  // build a hash of every allowed project first.
  it("the costs' policy looks a cost's project up among the keys, with no subplan", async () => {
    const planned = await withManyProjects('manager', async (client) =>
      nodes(await plan(client, 'select count(*) from app_public.costs where invoice_id = 1')),
    );
    const filters = planned.map((node) => node.Filter ?? '').join('\n');
    expect(filters).toMatch(/\? \(?\(?project_id\)?::text/);
    expect(filters).not.toMatch(/SubPlan/);
  });

  // The keys of hundreds of projects are stored out of line (TOAST): handed to each row as the
  // stored value, every row's lookup would read them back again.
  it('the keys are read once per statement, not once per cost, when the list is long', async () => {
    const { rows: counted } = await db.owner.query<{ n: number }>(
      'select count(*)::int as n from app_public.costs',
    );
    const costs = counted[0]!.n;
    const { stored, pages, buffers } = await withManyProjects('manager', async (client) => {
      await client.query('reset role');
      const { rows } = await client.query<{ stored: number }>(
        `select pg_column_size(allowed_project_keys) as stored from app_private.account_access
          where account_id = current_setting('jwt.claims.account_id')::uuid`,
      );
      await client.query('set local role ledgerline_project_limited');
      return { stored: rows[0]!.stored, ...(await countedWhole(client, 'costs')) };
    });
    // The precondition: the keys are long enough to be stored out of line (over 2 kB).
    expect(stored).toBeGreaterThan(4000);
    expect(costs).toBeGreaterThan(50);
    expect(buffers).toBeLessThan(pages + costs / 4);
  });
});

describe("a project-limited account's unpaid total reads its allowed projects' totals only (0311)", () => {
  // The kept totals' index by subsidiary and project, as the function reads it (sequential scans
  // off: the demo data is small enough for the planner to read the whole table otherwise).
  it("the manager's total reads the key's entries of its allowed projects, not of every project of its subsidiaries", async () => {
    const { read, total } = await withManyProjects('manager', async (client) => {
      await client.query('set local enable_seqscan = off');
      const entriesRead = async () =>
        Number(
          (
            await client.query<{ n: string }>(
              `select pg_stat_get_xact_tuples_returned('app_public.bill_outstanding_by_project_key'::regclass) as n`,
            )
          ).rows[0]!.n,
        );
      const before = await entriesRead();
      const { rows } = await client.query<{ total: string }>(
        'select app_public.unpaid_bills_total() as total',
      );
      return { read: (await entriesRead()) - before, total: rows[0]!.total };
    });
    const { rows } = await db.owner.query<{ allowed: number; subsidiaries: number; total: string }>(
      `select count(*) filter (where p.project_id = any (aa.allowed_project_ids))::int as allowed,
              count(*)::int as subsidiaries,
              coalesce(sum(p.outstanding_usd) filter (where p.project_id = any (aa.allowed_project_ids)), 0)::numeric(18,2)::text as total
         from app_public.bill_outstanding_by_project p
         join app_private.account_access aa on p.subsidiary_id = any (aa.visible_subsidiary_ids)
        where aa.account_id = $1`,
      [await managerAccount()],
    );
    // The precondition: the manager's subsidiaries have totals of projects it may not see.
    expect(rows[0]!.allowed).toBeGreaterThan(0);
    expect(rows[0]!.subsidiaries).toBeGreaterThan(rows[0]!.allowed);
    expect(total).toBe(rows[0]!.total);
    expect(read).toBe(rows[0]!.allowed);
  });
});

describe('the projects policy is estimated as passing (0301)', () => {
  it("the administrator's estimate of projects is not cut to a sliver", async () => {
    const { whole, admin } = await withManyProjects('admin', async (client) => ({
      whole: Number(
        (await client.query('select count(*) as n from app_public.projects')).rows[0].n,
      ),
      admin: (await plan(client, 'select * from app_public.projects'))['Plan Rows'],
    }));
    expect(whole).toBeGreaterThan(400);
    expect(admin / whole).toBeGreaterThan(0.05);
  });

  it('every account still reads all projects without a limit, and only its own with one', async () => {
    const all = Number(
      (await db.owner.query<{ n: string }>('select count(*) as n from app_public.projects'))
        .rows[0]!.n,
    );
    const [admin] = await rowsAs<{ n: string }>(
      db,
      'admin',
      'select count(*) as n from app_public.projects',
    );
    expect(Number(admin!.n)).toBe(all);
    const [manager] = await rowsAs<{ n: string; allowed: number }>(
      db,
      'manager',
      `select count(*) as n, cardinality((select app_hidden.allowed_project_ids())) as allowed
         from app_public.projects`,
    );
    expect(Number(manager!.n)).toBe(manager!.allowed);
    expect(Number(manager!.n)).toBeLessThan(all);
  });
});

describe('lists have an index in their own order (0302)', () => {
  // With sequential scans, bitmap scans and sorts off the planner takes an index that gives the
  // order when there is one; a page that needs a sort (or an incremental sort of a group of equal
  // dates) has no such index.
  async function pageNodes(sql: string) {
    return asUser(db, 'accountant', async (client) => {
      await client.query('set local enable_seqscan = off');
      await client.query('set local enable_bitmapscan = off');
      await client.query('set local enable_sort = off');
      await client.query('set local enable_incremental_sort = off');
      return nodes(await plan(client, sql));
    });
  }

  it('the invoices page, newest first, is read in index order without a sort', async () => {
    const page = await pageNodes(
      `select id from app_public.invoices where not is_deleted
        order by invoice_date desc, id limit 51`,
    );
    expect(page.map((node) => node['Node Type'])).not.toContain('Sort');
    expect(page.map((node) => node['Node Type'])).not.toContain('Incremental Sort');
    expect(page.map((node) => node['Index Name'])).toContain('invoices_invoice_date_desc_idx');
  });

  it.each(['Amendment', 'Contract', 'Offer', 'Order'])(
    'the documents page of type %s, newest signing first, is read in index order',
    async (type) => {
      const page = await pageNodes(
        `select id from app_public.documents where type = '${type}' and not is_deleted
          order by signing_date desc, id limit 51`,
      );
      expect(page.map((node) => node['Node Type'])).not.toContain('Sort');
      expect(page.map((node) => node['Node Type'])).not.toContain('Incremental Sort');
      expect(page.map((node) => node['Index Name'])).toContain(
        `documents_${type.toLowerCase()}_signing_idx`,
      );
    },
  );
});

describe('the unpaid bills are counted in an index of the unpaid bills (0303)', () => {
  // The unpaid list's filter as PostGraphile sends it (the count and the page share it).
  const UNPAID = `from app_public.bills b
    where b.is_deleted = false and app_public.bills_outstanding(b) > 0::numeric`;
  const ACCOUNTS = ['admin', 'accountant', 'manager', 'viewer'] as const;

  // As autovacuum leaves a table between writes: its pages marked all-visible (an index-only scan
  // then reads no table page) and its statistics current.
  beforeAll(async () => {
    await db.owner.query('vacuum analyze app_public.bills');
  });

  /** As `username`, with only the scans that `settings` leaves on; the plan's nodes and rows. */
  async function unpaidAs(username: string, sql: string, settings: string[]) {
    return asUser(db, username, async (client) => {
      for (const setting of settings) await client.query(`set local ${setting} = off`);
      const planned = nodes(await plan(client, sql));
      const { rows } = await client.query(sql);
      return { planned, rows };
    });
  }

  // The index's predicate is bills_outstanding's body as the planner inlines it; the filter
  // implies it only while the two are the same expression. With sequential and bitmap scans off,
  // the count reads the index alone (an index-only scan, no table page): it stops at the 1,001st
  // unpaid bill the account sees, however many bills there are. (enable_indexscan stays on: off,
  // it turns index-only scans off too.)
  it.each(ACCOUNTS)(
    "the %s's capped count is an index-only scan of the index",
    async (username) => {
      const { planned } = await unpaidAs(username, `select ${UNPAID} limit 1001`, [
        'enable_seqscan',
        'enable_bitmapscan',
      ]);
      const scan = planned.find((node) => node['Relation Name'] === 'bills')!;
      expect(scan['Node Type']).toBe('Index Only Scan');
      expect(scan['Index Name']).toBe('bills_outstanding_subsidiary_idx');
    },
  );

  // What the count reads from the index (each unpaid bill's subsidiary and project, the columns
  // the policies test) is what a scan of the table finds, for every account.
  it.each(ACCOUNTS)(
    'the %s counts the same unpaid bills in the index as in the table',
    async (username) => {
      const sql = `select b.subsidiary_id, b.project_id, count(*)::int as n ${UNPAID}
      group by 1, 2 order by 1, 2 nulls first`;
      const indexed = await unpaidAs(username, sql, ['enable_seqscan', 'enable_bitmapscan']);
      const scanned = await unpaidAs(username, sql, [
        'enable_indexscan',
        'enable_indexonlyscan',
        'enable_bitmapscan',
      ]);
      const read = (planned: PlanNode[]) =>
        planned.find((node) => node['Relation Name'] === 'bills')!;
      expect(read(indexed.planned)['Node Type']).toBe('Index Only Scan');
      expect(read(indexed.planned)['Index Name']).toBe('bills_outstanding_subsidiary_idx');
      expect(read(scanned.planned)['Node Type']).toBe('Seq Scan');
      expect(indexed.rows.length).toBeGreaterThan(0);
      expect(indexed.rows).toEqual(scanned.rows);
    },
  );
});

describe("a project-limited account's invoices and payments (0305, 0309)", () => {
  // The policies' test of a row's projects before 0305: every project of the row against every
  // allowed one.
  const PAIRWISE = {
    invoices: `((select app_hidden.has_scope('invoice:read'))
      and app_hidden.subsidiary_visible(subsidiary_id, (select app_hidden.visible_subsidiary_ids()))
      and project_ids && (select app_hidden.allowed_project_ids()))`,
    payments: `((select app_hidden.has_scope('payment:read'))
      and app_hidden.subsidiary_visible(subsidiary_id, (select app_hidden.visible_subsidiary_ids()))
      and ((invoice_id is not null and (select app_hidden.has_scope('invoice:read')))
           or (bill_id is not null and (select app_hidden.has_scope('bill:read'))))
      and project_ids && (select app_hidden.allowed_project_ids()))`,
  } as const;
  const TABLES = Object.keys(PAIRWISE) as (keyof typeof PAIRWISE)[];

  /** The ids the manager reads, with the policy as it is or as it was before 0305. */
  async function idsSeen(table: keyof typeof PAIRWISE, policy: 'current' | 'pairwise') {
    return withManyProjects('manager', async (client) => {
      if (policy === 'pairwise') {
        await client.query('reset role');
        await client.query(
          `alter policy select_project_limited on app_public.${table} using ${PAIRWISE[table]}`,
        );
        await client.query('set local role ledgerline_project_limited');
      }
      const { rows } = await client.query<{ id: string }>(
        `select id::text from app_public.${table} order by id`,
      );
      return rows.map((row) => row.id);
    });
  }

  it.each(TABLES)('the manager reads the same %s as with the pairwise test', async (table) => {
    const current = await idsSeen(table, 'current');
    const pairwise = await idsSeen(table, 'pairwise');
    const { rows } = await db.owner.query<{ n: number }>(
      `select count(*)::int as n from app_public.${table}`,
    );
    // Some rows, not all: the test tells the manager's projects from the others.
    expect(current.length).toBeGreaterThan(0);
    expect(current.length).toBeLessThan(rows[0]!.n);
    expect(current).toEqual(pairwise);
  });

  // Since 0309 the row's projects are looked up among the allowed keys (a jsonb object built once
  // per statement) by one operator: no subplan started again for every row, and no test that
  // compares every project of the row with every allowed one (400 more allowed here).
  it.each(TABLES)(
    "the %s policy looks a row's project keys up, with no subplan per row",
    async (table) => {
      const planned = await withManyProjects('manager', async (client) =>
        nodes(await plan(client, `select count(*) from app_public.${table}`)),
      );
      const filters = planned.map((node) => node.Filter ?? '').join('\n');
      expect(filters).toMatch(/\?\| .*project_keys/);
      expect(filters).not.toMatch(/SubPlan/);
      expect(filters).not.toMatch(/project_ids && /);
    },
  );

  it('the audit trail records invoices and payments without project_keys, the text twin of project_ids (0309)', async () => {
    const { rows } = await db.owner.query<{ with_ids: number; with_keys: number }>(
      `select count(*) filter (where row_data ? 'project_ids')::int as with_ids,
              count(*) filter (where row_data ? 'project_keys'
                                  or coalesce(changes ? 'project_keys', false))::int as with_keys
         from app_public.audit_trail where table_name in ('invoices', 'payments')`,
    );
    expect(rows[0]!.with_ids).toBeGreaterThan(0);
    expect(rows[0]!.with_keys).toBe(0);
  });

  it("the API's connections plan with the cost of a random read measured for data in memory (0306)", async () => {
    const client = new pg.Client({ connectionString: db.authenticatorUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ cost: string }>(
        `select current_setting('random_page_cost') as cost`,
      );
      expect(Number(rows[0]!.cost)).toBe(1.5);
    } finally {
      await client.end();
    }
  });
});

describe("the audit log's count reads its index, not the trail from its start (0307)", () => {
  // The count of one kind of record in a date range, as the capped count sends it. With sequential
  // and bitmap scans and plain index scans off, the planner can only answer it from an index
  // alone: the index by kind and time holds everything the policy reads (the kind and refs).
  it.each(['admin', 'accountant'] as const)(
    'the count of a kind in a date range is an index-only scan as %s',
    async (username) => {
      const counted = await asUser(db, username, async (client) => {
        await client.query('set local enable_seqscan = off');
        await client.query('set local enable_bitmapscan = off');
        await client.query('set local enable_indexscan = off');
        return nodes(
          await plan(
            client,
            `select from app_public.audit_trail a
              where a.table_name = 'costs' and a.created_at >= '2026-08-01'
                and a.created_at < '2026-11-01' limit 1001`,
          ),
        );
      });
      const scan = counted.find((node) => node['Relation Name'] === 'audit_trail')!;
      expect(scan['Node Type']).toBe('Index Only Scan');
      expect(scan['Index Name']).toBe('audit_trail_table_created_refs_idx');
    },
  );
});
